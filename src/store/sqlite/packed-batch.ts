/** How a batch travels to the background history writer's thread. */
import type { IngestBatch, WaitChange } from '../ports.js';

/**
 * A batch as sent to the thread: the wait changes, the bulk of it, in columns (strings once each,
 * then indexes; a null wait as NaN), whose buffers move to the thread without a copy. Structured
 * cloning the change objects one by one took a tenth of the backfill's main thread.
 */
export interface PackedBatch extends Omit<IngestBatch, 'changes'> {
  readonly strings: readonly string[];
  /** Per change: the indexes of its ride ID, park key and status in `strings`. */
  readonly rides: Uint32Array;
  readonly parks: Uint32Array;
  readonly statuses: Uint32Array;
  readonly at: Float64Array;
  readonly waits: Float64Array;
}

export function packBatch(batch: IngestBatch): PackedBatch {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const indexOf = (value: string): number => {
    let index = indexes.get(value);
    if (index === undefined) {
      index = strings.push(value) - 1;
      indexes.set(value, index);
    }
    return index;
  };
  const count = batch.changes.length;
  const packed = {
    openedOutages: batch.openedOutages,
    endedOutages: batch.endedOutages,
    transitions: batch.transitions,
    checkpoints: batch.checkpoints,
    strings,
    rides: new Uint32Array(count),
    parks: new Uint32Array(count),
    statuses: new Uint32Array(count),
    at: new Float64Array(count),
    waits: new Float64Array(count),
  };
  for (const [i, change] of batch.changes.entries()) {
    packed.rides[i] = indexOf(change.ride_id);
    packed.parks[i] = indexOf(change.park_key);
    packed.statuses[i] = indexOf(change.status);
    packed.at[i] = change.at;
    packed.waits[i] = change.standby_wait_minutes ?? Number.NaN;
  }
  return packed;
}

export function unpackBatch(packed: PackedBatch): IngestBatch {
  const { strings, rides, parks, statuses, at, waits, ...rest } = packed;
  const changes: WaitChange[] = [];
  for (let i = 0; i < at.length; i++) {
    const wait = waits[i] as number;
    changes.push({
      ride_id: strings[rides[i] as number] as string,
      park_key: strings[parks[i] as number] as string,
      at: at[i] as number,
      status: strings[statuses[i] as number] as string,
      standby_wait_minutes: Number.isNaN(wait) ? null : wait,
    });
  }
  return { ...rest, changes };
}
