/**
 * The change bus between ingest and the streams. In process now; a Redis driver (pub/sub) implements
 * the same interface when instances are scaled out.
 */
import { EventEmitter } from 'node:events';
import type { LiveEntry } from '../live/types.js';

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
    };

export interface Bus {
  publish(event: LiveEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

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
