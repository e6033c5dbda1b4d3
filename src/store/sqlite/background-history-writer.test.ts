import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IngestBatch, WaitChange } from '../ports.js';
import { openInMemorySqliteStore, openSqliteStores } from './open-sqlite-store.js';
import { packBatch, unpackBatch } from './packed-batch.js';

const change = (at: number, wait: number): WaitChange => ({
  ride_id: 'p_coaster',
  park_key: 'p',
  at,
  status: 'OPERATING',
  standby_wait_minutes: wait,
});
const batch = (...changes: WaitChange[]): IngestBatch => ({
  changes,
  openedOutages: [],
  endedOutages: [],
  transitions: [],
  checkpoints: [{ park_key: 'p', at: Math.max(...changes.map((c) => c.at)) }],
});

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('the background history writer', () => {
  it('writes batches in order on its own connection, and nothing after a failed one', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'queuecast-writer-'));
    directories.push(directory);
    const stores = await openSqliteStores(directory);
    try {
      const writer = stores.history.backgroundWriter?.();
      if (!writer) throw new Error('a file store has a background writer');
      const first = writer.apply(batch(change(1, 10), change(2, 15)));
      // (ride, at) is unique: the second batch fails, and the third is not written.
      const duplicate = writer.apply(batch(change(2, 20)));
      const after = writer.apply(batch(change(3, 25)));
      await expect(first).resolves.toBeUndefined();
      await expect(duplicate).rejects.toThrow(/UNIQUE/);
      await expect(after).rejects.toThrow(/UNIQUE/);
      await expect(writer.apply(batch(change(4, 30)))).rejects.toThrow(/UNIQUE/);
      await writer.close();

      // Read on the main connection: what the thread committed, and only that.
      expect((await stores.history.changes('p_coaster', 0, 10)).map((c) => c.at)).toEqual([1, 2]);
      expect(await stores.history.checkpoints()).toEqual(new Map([['p', 2]]));
    } finally {
      await stores.close();
    }
  });

  it('sends a batch packed in columns and unpacks the very same batch', () => {
    const sent = batch(change(1, 10), { ...change(2, 0), status: 'DOWN', standby_wait_minutes: null });
    const packed = packBatch(sent);
    expect(packed.strings).toEqual(['p_coaster', 'p', 'OPERATING', 'DOWN']);
    expect(unpackBatch(packed)).toEqual(sent);
  });

  it('is not offered for an in-memory database, which no other connection sees', async () => {
    const store = await openInMemorySqliteStore();
    expect('backgroundWriter' in store && store.backgroundWriter !== undefined).toBe(false);
    await store.close();
  });
});
