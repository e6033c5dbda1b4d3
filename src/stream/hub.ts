/**
 * The fan-out: one bus subscription for the whole process, one channel per park. Each bus event is
 * serialised once and the same bytes are handed to every subscriber of its park; a connection that
 * cannot keep up is dropped by its own `send`, so it never holds the others back.
 *
 * Each subscriber's channel entry remembers the `data_status` of the last snapshot it was sent. A
 * subscriber whose park was unavailable gets a fresh `snapshot` instead of `changes` once the park
 * is live again; and a periodic check sends a new snapshot when a park turns stale (no refresh for
 * 2 minutes) or recovers without any change, which the bus does not announce.
 */
import type { Logger } from 'pino';
import type { Catalog } from '../catalog/catalog.js';
import type { Park } from '../catalog/types.js';
import type { DataStatus, LiveState } from '../live/live-state.js';
import type { Bus, LiveEvent } from '../shared-state/bus.js';
import type { StreamConnection } from './connection.js';
import type { Frame } from './frame.js';
import type { SnapshotFrame, StreamMessages } from './messages.js';

export interface HubDependencies {
  readonly bus: Bus;
  readonly catalog: Catalog;
  readonly live: LiveState;
  readonly messages: StreamMessages;
  readonly logger: Logger;
}

type Channel = Map<StreamConnection, DataStatus>;

export class StreamHub {
  /** Every open connection, subscribed or not (heartbeat and shutdown reach them all). */
  readonly connections = new Set<StreamConnection>();
  private readonly channels = new Map<string, Channel>();
  private stopListening: (() => void) | undefined;
  private statusTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: HubDependencies,
    private readonly statusCheckMs: number,
  ) {}

  start(): void {
    this.stop();
    this.stopListening = this.deps.bus.subscribe((event) => {
      this.onEvent(event);
    });
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
  }

  add(connection: StreamConnection): void {
    this.connections.add(connection);
  }

  /** Forgets the connection everywhere; safe to call more than once. */
  remove(connection: StreamConnection): void {
    this.connections.delete(connection);
    for (const channel of this.channels.values()) channel.delete(connection);
  }

  /** Adds the connection to each park's channel and sends it each park's snapshot, in order. */
  subscribe(connection: StreamConnection, parks: readonly Park[]): void {
    for (const park of parks) {
      const snapshot = this.deps.messages.snapshot(park);
      this.channel(park.key).set(connection, snapshot.dataStatus);
      connection.send(snapshot.frame);
    }
  }

  unsubscribe(connection: StreamConnection, parks: readonly Park[]): void {
    for (const park of parks) this.channels.get(park.key)?.delete(connection);
  }

  /** Writes one frame to every connection (the heartbeat). */
  broadcast(frame: Frame): void {
    for (const connection of this.connections) connection.send(frame);
  }

  subscriberCount(parkKey: string): number {
    return this.channels.get(parkKey)?.size ?? 0;
  }

  /**
   * Sends a new snapshot to each subscriber whose last snapshot's data status is no longer the
   * park's. Runs every `statusCheckMs`; tests may call it directly.
   */
  checkStatus(): void {
    for (const [parkKey, channel] of this.channels) {
      if (channel.size === 0) continue;
      const park = this.deps.catalog.park(parkKey);
      if (!park) continue;
      const status = this.deps.live.view(parkKey).data_status;
      let snapshot: SnapshotFrame | undefined;
      for (const [connection, sent] of channel) {
        if (sent === status) continue;
        snapshot ??= this.deps.messages.snapshot(park);
        channel.set(connection, snapshot.dataStatus);
        connection.send(snapshot.frame);
      }
    }
  }

  private channel(parkKey: string): Channel {
    let channel = this.channels.get(parkKey);
    if (!channel) {
      channel = new Map();
      this.channels.set(parkKey, channel);
    }
    return channel;
  }

  private onEvent(event: LiveEvent): void {
    const channel = this.channels.get(event.park_key);
    if (!channel || channel.size === 0) return;
    const park = this.deps.catalog.park(event.park_key);
    if (!park) return;
    const { messages, logger } = this.deps;
    try {
      switch (event.type) {
        case 'changes':
          this.deliver(park, channel, () => messages.changes(event));
          return;
        case 'park':
          this.deliver(park, channel, () => messages.park(event));
          return;
        case 'upstream_error': {
          const error = messages.error(
            'upstream_unavailable',
            `The upstream refresh for ${park.name} failed (${event.message}), so its live data is unavailable. Reconnect with backoff and subscribe again: the snapshot says data_status unavailable until the operator feed recovers.`,
            park.key,
          );
          for (const connection of [...channel.keys()]) connection.fail(error, 1013);
          return;
        }
      }
    } catch (error) {
      logger.error({ err: error, park: park.key, event: event.type }, 'stream fan-out failed');
      const frame = messages.error(
        'internal_error',
        'Something failed on the server while sending live changes; reconnect and subscribe again.',
        park.key,
      );
      for (const connection of [...channel.keys()]) connection.fail(frame, 1011);
    }
  }

  /**
   * Sends the event's frame, built at most once, to every subscriber that holds the live state; a
   * subscriber whose last snapshot was unavailable gets the new snapshot instead.
   */
  private deliver(park: Park, channel: Channel, build: () => Frame): void {
    let frame: Frame | undefined;
    let snapshot: SnapshotFrame | undefined;
    for (const [connection, sent] of channel) {
      if (sent === 'live') {
        frame ??= build();
        connection.send(frame);
      } else {
        snapshot ??= this.deps.messages.snapshot(park);
        channel.set(connection, snapshot.dataStatus);
        connection.send(snapshot.frame);
      }
    }
  }
}
