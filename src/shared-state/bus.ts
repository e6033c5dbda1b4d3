/**
 * The change bus between ingest and the streams. In process by default; a shared driver (Redis)
 * implements the same port when instances are scaled out, and may take time to publish.
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
  /** Delivers the event to every subscriber (of every instance, for a shared driver). */
  publish(event: LiveEvent): void | Promise<void>;
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
