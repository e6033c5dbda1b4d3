import { describe, expect, it } from 'vitest';
import type { IngestBatch } from '../store/ports.js';
import { WriteBuffer, type BatchSink } from './write-buffer.js';

function batch(park: string, at: number): IngestBatch {
  return {
    changes: [
      { ride_id: `${park}-ride`, park_key: park, at, status: 'OPERATING', standby_wait_minutes: at % 60 },
    ],
    openedOutages: [],
    endedOutages: [],
    transitions: [],
    checkpoints: [{ park_key: park, at }],
  };
}

/** A store that records applied batches and can be switched off, or commit but lose the answer. */
class FlakySink implements BatchSink {
  readonly applied: IngestBatch[] = [];
  up = true;
  loseNextAnswer = false;

  apply(next: IngestBatch): Promise<void> {
    if (!this.up) return Promise.reject(new Error('connect ECONNREFUSED'));
    this.applied.push(next);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      this.up = false;
      return Promise.reject(new Error('Connection terminated unexpectedly'));
    }
    return Promise.resolve();
  }

  checkpoints(): Promise<Map<string, number>> {
    if (!this.up) return Promise.reject(new Error('connect ECONNREFUSED'));
    const recorded = new Map<string, number>();
    for (const applied of this.applied)
      for (const { park_key, at } of applied.checkpoints) recorded.set(park_key, at);
    return Promise.resolve(recorded);
  }
}

const times = (sink: FlakySink) =>
  sink.applied.map((b) => `${b.checkpoints[0]?.park_key}@${b.checkpoints[0]?.at}`);

describe('WriteBuffer', () => {
  it('writes at once while the store answers', async () => {
    const sink = new FlakySink();
    const buffer = new WriteBuffer(sink);
    expect(await buffer.write(batch('a', 1))).toBe(true);
    expect(buffer.size).toBe(0);
    expect(times(sink)).toEqual(['a@1']);
  });

  it('holds while the store is away and writes in order when it returns', async () => {
    const sink = new FlakySink();
    const events: string[] = [];
    const buffer = new WriteBuffer(sink, {
      holding: () => events.push('holding'),
      drained: (n) => events.push(`drained ${n}`),
    });
    await buffer.write(batch('a', 1));
    sink.up = false;
    expect(await buffer.write(batch('a', 2))).toBe(false);
    expect(await buffer.write(batch('b', 2))).toBe(false);
    expect(await buffer.write(batch('a', 3))).toBe(false);
    expect(buffer.size).toBe(3);
    sink.up = true;
    expect(await buffer.write(batch('b', 3))).toBe(true);
    expect(buffer.size).toBe(0);
    expect(times(sink)).toEqual(['a@1', 'a@2', 'b@2', 'a@3', 'b@3']);
    expect(events).toEqual(['holding', 'drained 4']);
  });

  it('does not write twice a batch the store committed before the connection was lost', async () => {
    const sink = new FlakySink();
    const buffer = new WriteBuffer(sink);
    sink.loseNextAnswer = true;
    expect(await buffer.write(batch('a', 1))).toBe(false);
    expect(await buffer.write(batch('a', 2))).toBe(false);
    sink.up = true;
    await buffer.drain();
    expect(times(sink)).toEqual(['a@1', 'a@2']);
    expect(buffer.size).toBe(0);
  });

  it('holds at most its bound, refuses the newest and says so once', async () => {
    const sink = new FlakySink();
    let overflows = 0;
    const buffer = new WriteBuffer(sink, { overflowed: () => (overflows += 1) }, 3);
    sink.up = false;
    for (let at = 1; at <= 6; at += 1) await buffer.write(batch('a', at));
    expect(buffer.size).toBe(3);
    expect(buffer.overflowed).toBe(true);
    expect(overflows).toBe(1);
    sink.up = true;
    await buffer.drain();
    // The oldest are kept, so recorded history stays continuous up to where the buffer filled.
    expect(times(sink)).toEqual(['a@1', 'a@2', 'a@3']);
    buffer.overflowHandled();
    expect(buffer.overflowed).toBe(false);
  });
});
