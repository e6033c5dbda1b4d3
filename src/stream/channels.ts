/**
 * Who is subscribed to which park: a channel per park, holding one subscription per connection.
 *
 * Fan-outs take a channel's subscriptions when their event arrives and send later, in slices; by
 * then a subscriber may have unsubscribed, closed, or subscribed again (its new snapshot already
 * includes the event). A subscription is `current` for as long as it is its connection's entry in
 * the channel, so a fan-out reads one field of an object it holds anyway, instead of looking each
 * of 10,000 connections up in the channel again.
 */
import type { DataStatus } from '../live/live-state.js';
import type { StreamConnection } from './connection.js';

export interface Subscription {
  readonly connection: StreamConnection;
  /** The `data_status` of the last snapshot this subscriber was sent. */
  sent: DataStatus;
  /** False once the connection unsubscribes, closes, or subscribes to the park again. */
  current: boolean;
}

type Channel = Map<StreamConnection, Subscription>;

export class ParkChannels {
  private readonly channels = new Map<string, Channel>();

  /** Subscribes the connection to the park, replacing (and retiring) a subscription it held. */
  subscribe(parkKey: string, connection: StreamConnection, sent: DataStatus): Subscription {
    let channel = this.channels.get(parkKey);
    if (!channel) {
      channel = new Map();
      this.channels.set(parkKey, channel);
    }
    retire(channel, connection);
    const subscription: Subscription = { connection, sent, current: true };
    channel.set(connection, subscription);
    return subscription;
  }

  unsubscribe(parkKey: string, connection: StreamConnection): void {
    const channel = this.channels.get(parkKey);
    if (channel) retire(channel, connection);
  }

  /** Ends the connection's subscriptions in every channel; safe to call more than once. */
  remove(connection: StreamConnection): void {
    for (const channel of this.channels.values()) retire(channel, connection);
  }

  /** The park's subscriptions as they are now: a copy, which later changes leave alone. */
  subscriptions(parkKey: string): Subscription[] {
    const channel = this.channels.get(parkKey);
    return channel ? [...channel.values()] : [];
  }

  size(parkKey: string): number {
    return this.channels.get(parkKey)?.size ?? 0;
  }

  /** The keys of the parks with at least one subscriber. */
  *subscribedParks(): IterableIterator<string> {
    for (const [parkKey, channel] of this.channels) if (channel.size > 0) yield parkKey;
  }
}

function retire(channel: Channel, connection: StreamConnection): void {
  const subscription = channel.get(connection);
  if (!subscription) return;
  subscription.current = false;
  channel.delete(connection);
}
