import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { WriteBatch } from './write-batch.js';

describe('WriteBatch', () => {
  it('writes the items of one turn together, in order, once the turn is over', async () => {
    const written: string[] = [];
    const batch = new WriteBatch<string>(
      (item) => written.push(item),
      () => undefined,
    );
    batch.add('a');
    batch.add('b');
    expect(written).toEqual([]);
    await nextTurn();
    expect(written).toEqual(['a', 'b']);
    batch.add('c');
    await nextTurn();
    expect(written).toEqual(['a', 'b', 'c']);
  });

  it('reports an item whose write throws and still writes the others', async () => {
    const written: string[] = [];
    const failed: string[] = [];
    const batch = new WriteBatch<string>(
      (item) => {
        if (item === 'bad') throw new Error('socket gone');
        written.push(item);
      },
      (item, error) => failed.push(`${item}: ${(error as Error).message}`),
    );
    for (const item of ['a', 'bad', 'c']) batch.add(item);
    await nextTurn();
    expect(written).toEqual(['a', 'c']);
    expect(failed).toEqual(['bad: socket gone']);
  });

  it('writes an item added during a flush in the next turn', async () => {
    const written: string[] = [];
    const batch: WriteBatch<string> = new WriteBatch<string>(
      (item) => {
        written.push(item);
        if (item === 'first') batch.add('later');
      },
      () => undefined,
    );
    batch.add('first');
    await nextTurn();
    expect(written).toEqual(['first']);
    await nextTurn();
    expect(written).toEqual(['first', 'later']);
  });
});
