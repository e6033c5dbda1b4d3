/**
 * What ingest tells the streams and the followers, over the bus (`shared-state/bus.ts`): a park's
 * changed entries, its opening and closing, a failed refresh, and its whole snapshot after each
 * refresh.
 */
import type { Bus } from '../shared-state/bus.js';
import type { LiveEntry, ParkSnapshot } from './types.js';

export type LiveEvent =
  | {
      readonly type: 'changes';
      readonly park_key: string;
      readonly at: number;
      readonly changed: readonly LiveEntry[];
      readonly removed: readonly string[];
    }
  | {
      readonly type: 'park';
      readonly park_key: string;
      readonly at: number;
      readonly state: 'open' | 'closed';
    }
  | {
      readonly type: 'upstream_error';
      readonly park_key: string;
      readonly at: number;
      readonly message: string;
    }
  | {
      /**
       * The park's whole live snapshot after each refresh, published before that refresh's `park`
       * and `changes` events: instances that do not ingest (followers) serve live state from it.
       * Streams send nothing for it.
       */
      readonly type: 'refreshed';
      readonly park_key: string;
      readonly at: number;
      readonly snapshot: ParkSnapshot;
    };

/** The bus that carries live events. */
export type LiveBus = Bus<LiveEvent>;
