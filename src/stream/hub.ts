/**
 * The fan-out: one bus subscription for the whole process, one channel per park. Each bus event is
 * serialised once and the same bytes are handed to every subscriber of its park; a connection that
 * cannot keep up is dropped by its own `send`, so it never holds the others back.
 *
 * Every fan-out (changes, park state, upstream errors, heartbeats, status snapshots) goes through
 * one ordered queue that yields to the event loop when a slice has run past its budget (see
 * fanout-queue.ts), so 10,000 sends do not hold up HTTP requests. Recipients are fixed when the
 * event arrives: a client that subscribes meanwhile gets a snapshot that already includes it, and
 * one that leaves before its turn is skipped.
 *
 * Each subscriber's channel entry remembers the `data_status` of the last snapshot it was sent. A
 * subscriber whose park was unavailable gets a fresh `snapshot` instead of `changes` once the park
 * is live again; and a periodic check sends a new snapshot when a park turns stale (no refresh
 * within the live state's freshness window) or recovers without any change, which the bus does
 * not announce.
 */
import type { Logger } from 'pino';
import type { Catalog } from '../catalog/catalog.js';
import type { Park } from '../catalog/types.js';
import type { LiveState } from '../live/live-state.js';
import type { LiveBus, LiveEvent } from '../live/events.js';
import { ParkChannels, type Subscription } from './channels.js';
import type { StreamConnection } from './connection.js';
import { FANOUT_DEFAULTS, FanoutQueue, type FanoutQueueOptions } from './fanout-queue.js';
import type { Frame } from './frame.js';
import type { SnapshotFrame, StreamMessages } from './messages.js';

export interface HubDependencies {
  readonly bus: LiveBus;
  readonly catalog: Catalog;
  readonly live: LiveState;
  readonly messages: StreamMessages;
  readonly logger: Logger;
}

export class StreamHub {
  /** Every open connection, subscribed or not (heartbeat and shutdown reach them all). */
  readonly connections = new Set<StreamConnection>();
  private readonly channels = new ParkChannels();
  private stopListening: (() => void) | undefined;
  private statusTimer: NodeJS.Timeout | undefined;
  private readonly queue: FanoutQueue;

  /** `fanout` sets the slice budget (tests use 0 to yield at every check). */
  constructor(
    private readonly deps: HubDependencies,
    private readonly statusCheckMs: number,
    fanout: Partial<FanoutQueueOptions> = {},
  ) {
    this.queue = new FanoutQueue({ ...FANOUT_DEFAULTS, ...fanout });
  }

  start(): void {
    this.stop();
    this.stopListening = this.deps.bus.subscribe(
      (event) => {
        this.onEvent(event);
      },
      () => {
        this.resync();
      },
    );
    this.statusTimer = setInterval(() => {
      try {
        this.checkStatus();
      } catch (error) {
        this.deps.logger.error({ err: error }, 'stream status check failed');
      }
    }, this.statusCheckMs);
    this.statusTimer.unref();
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    clearInterval(this.statusTimer);
    this.statusTimer = undefined;
    this.queue.clear();
  }

  add(connection: StreamConnection): void {
    this.connections.add(connection);
  }

  /** Forgets the connection everywhere; safe to call more than once. */
  remove(connection: StreamConnection): void {
    this.connections.delete(connection);
    this.channels.remove(connection);
  }

  /** Adds the connection to each park's channel and sends it each park's snapshot, in order. */
  subscribe(connection: StreamConnection, parks: readonly Park[]): void {
    for (const park of parks) {
      const snapshot = this.deps.messages.snapshot(park);
      this.channels.subscribe(park.key, connection, snapshot.dataStatus);
      connection.send(snapshot.frame);
    }
  }

  unsubscribe(connection: StreamConnection, parks: readonly Park[]): void {
    for (const park of parks) this.channels.unsubscribe(park.key, connection);
  }

  /** Writes one frame to every connection (the heartbeat). */
  broadcast(frame: Frame): void {
    this.queue.push({
      recipients: [...this.connections],
      deliver: (connection) => {
        if (this.connections.has(connection)) connection.send(frame);
      },
      failed: (error) => {
        this.deps.logger.error({ err: error, event: frame.type }, 'stream fan-out failed');
      },
    });
  }

  subscriberCount(parkKey: string): number {
    return this.channels.size(parkKey);
  }

  /**
   * Sends a new snapshot to each subscriber whose last snapshot's data status is no longer the
   * park's. Runs every `statusCheckMs`; tests may call it directly. A failure is logged and the
   * next check tries again.
   */
  checkStatus(): void {
    for (const parkKey of this.channels.subscribedParks()) {
      const park = this.deps.catalog.park(parkKey);
      if (!park) continue;
      const status = this.deps.live.view(parkKey).data_status;
      let snapshot: SnapshotFrame | undefined;
      this.fanOut(
        parkKey,
        (subscription) => {
          if (subscription.sent === status) return;
          snapshot ??= this.deps.messages.snapshot(park);
          this.sendSnapshot(subscription, snapshot);
        },
        (error) => {
          this.deps.logger.error({ err: error, park: parkKey }, 'stream status check failed');
        },
      );
    }
  }

  private onEvent(event: LiveEvent): void {
    if (this.channels.size(event.park_key) === 0) return;
    const park = this.deps.catalog.park(event.park_key);
    if (!park) return;
    const { messages } = this.deps;
    const failed = (error: unknown) => {
      this.fanOutFailed(park, event.type, error);
    };
    switch (event.type) {
      case 'changes':
        this.deliver(park, () => messages.changes(event), failed);
        return;
      case 'park':
        this.deliver(park, () => messages.park(event), failed);
        return;
      case 'upstream_error': {
        let error: Frame | undefined;
        this.fanOut(
          park.key,
          (subscription) => {
            error ??= messages.error(
              'upstream_unavailable',
              `The upstream refresh for ${park.name} failed (${event.message}), so its live data is unavailable. Reconnect with backoff and subscribe again: the snapshot says data_status unavailable until the operator feed recovers.`,
              park.key,
            );
            subscription.connection.fail(error, 1013);
          },
          failed,
        );
        return;
      }
      case 'refreshed':
        // The snapshot behind later events, for followers' live state (app/live-replica.ts);
        // clients hear of it through the `changes` and `park` events that follow.
        return;
    }
  }

  /**
   * The bus missed events (a shared bus that could not resume): every subscriber is sent its park's
   * snapshot as it is now, so no client keeps a stale picture without knowing.
   */
  resync(): void {
    for (const parkKey of this.channels.subscribedParks()) {
      const park = this.deps.catalog.park(parkKey);
      if (!park) continue;
      let snapshot: SnapshotFrame | undefined;
      this.fanOut(
        parkKey,
        (subscription) => {
          snapshot ??= this.deps.messages.snapshot(park);
          this.sendSnapshot(subscription, snapshot);
        },
        (error) => {
          this.deps.logger.error({ err: error, park: parkKey }, 'stream resync failed');
        },
      );
    }
  }

  /**
   * Sends the event's frame, built at most once, to every subscriber that holds the live state; a
   * subscriber whose last snapshot was unavailable gets the new snapshot instead.
   */
  private deliver(park: Park, build: () => Frame, failed: (error: unknown) => void): void {
    let frame: Frame | undefined;
    let snapshot: SnapshotFrame | undefined;
    this.fanOut(
      park.key,
      (subscription) => {
        if (subscription.sent === 'live') {
          frame ??= build();
          subscription.connection.send(frame);
        } else {
          snapshot ??= this.deps.messages.snapshot(park);
          this.sendSnapshot(subscription, snapshot);
        }
      },
      failed,
    );
  }

  /**
   * Queues `send` for the park's subscribers as they are now. One that unsubscribed, closed or
   * subscribed again before its turn is skipped: it has left, or its new snapshot includes this.
   */
  private fanOut(
    parkKey: string,
    send: (subscription: Subscription) => void,
    failed: (error: unknown) => void,
  ): void {
    this.queue.push({
      recipients: this.channels.subscriptions(parkKey),
      deliver: (subscription) => {
        if (subscription.current) send(subscription);
      },
      failed,
    });
  }

  private sendSnapshot(subscription: Subscription, snapshot: SnapshotFrame): void {
    subscription.sent = snapshot.dataStatus;
    subscription.connection.send(snapshot.frame);
  }

  /** The subscribers may have missed a change, so they are closed 1011 to subscribe again. */
  private fanOutFailed(park: Park, event: LiveEvent['type'], error: unknown): void {
    const { messages, logger } = this.deps;
    logger.error({ err: error, park: park.key, event }, 'stream fan-out failed');
    const frame = messages.error(
      'internal_error',
      'Something failed on the server while sending live changes; reconnect and subscribe again.',
      park.key,
    );
    for (const { connection } of this.channels.subscriptions(park.key)) connection.fail(frame, 1011);
  }
}
