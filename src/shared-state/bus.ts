/**
 * The change bus between ingest and the streams. In process by default; a shared driver (Redis)
 * implements the same port when instances are scaled out, and may take time to publish. The bus
 * carries whatever events its owner declares (`live/events.ts`): it only moves them.
 */
import { EventEmitter } from 'node:events';

/**
 * What a driver reads of an event: its park, and its kind. A `refreshed` event is a park's whole
 * state, the one kind a shared driver keeps for instances that start following.
 */
export interface BusEvent {
  readonly type: string;
  readonly park_key: string;
}

export interface Bus<Event extends BusEvent> {
  /** Delivers the event to every subscriber (of every instance, for a shared driver). */
  publish(event: Event): void | Promise<void>;
  /**
   * Returns the function that unsubscribes. `onGap` is told when events were missed (a shared driver
   * that lost its connection and could not resume): the subscriber must resend whole state. Before
   * it, the listener is handed each park's latest `refreshed` event.
   */
  subscribe(listener: (event: Event) => void, onGap?: () => void): () => void;
  /** Each park's latest `refreshed` event, where an instance that starts following begins. */
  latest?(): Promise<readonly Event[]>;
}

/** In process: nothing is ever missed, so `onGap` is never called. */
export class LocalBus<Event extends BusEvent> implements Bus<Event> {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(event: Event): void {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: Event) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
