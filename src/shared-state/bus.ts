/**
 * The change bus between ingest and the streams. In process by default; a shared driver (Redis)
 * implements the same port when instances are scaled out, and may take time to publish.
 */
import { EventEmitter } from 'node:events';
import type { LiveEntry, ParkSnapshot } from '../live/types.js';

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

export interface Bus {
  /** Delivers the event to every subscriber (of every instance, for a shared driver). */
  publish(event: LiveEvent): void | Promise<void>;
  /**
   * Returns the function that unsubscribes. `onGap` is told when events were missed (a shared driver
   * that lost its connection and could not resume): the subscriber must resend whole state. Before
   * it, the listener is handed each park's latest `refreshed` event.
   */
  subscribe(listener: (event: LiveEvent) => void, onGap?: () => void): () => void;
  /** Each park's latest `refreshed` event, where an instance that starts following begins. */
  latest?(): Promise<readonly LiveEvent[]>;
}

/** In process: nothing is ever missed, so `onGap` is never called. */
export class LocalBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(event: LiveEvent): void {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
