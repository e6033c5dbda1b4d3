/**
 * Builds every server message and serialises it once (see frame.ts). Park messages get the park
 * page's attribution, connection messages the site root's. A live snapshot is serialised once per
 * refresh, however many clients subscribe to the park before the next one.
 */
import type { EnvelopeFactory } from '../http/envelope.js';
import type { ErrorCode } from '../http/errors.js';
import type { Links } from '../http/links.js';
import { presentLiveEntry } from '../http/resources/live-entry.js';
import { presentParkWaits } from '../http/resources/park-waits.js';
import type { Park } from '../catalog/types.js';
import type { Clock } from '../lib/clock.js';
import { isoTimestamp } from '../lib/time.js';
import type { DataStatus, LiveState } from '../live/live-state.js';
import type { ParkSnapshot } from '../live/types.js';
import type { LiveEvent } from '../live/events.js';
import { heartbeatFrame, toFrame, type Frame } from './frame.js';
import type { StreamPark } from './schemas.js';

export interface MessageDependencies {
  readonly links: Links;
  readonly envelopes: EnvelopeFactory;
  readonly clock: Clock;
  readonly live: LiveState;
}

export interface SnapshotFrame {
  readonly frame: Frame;
  readonly dataStatus: DataStatus;
}

type ChangesEvent = Extract<LiveEvent, { type: 'changes' }>;
type ParkEvent = Extract<LiveEvent, { type: 'park' }>;

export class StreamMessages {
  /** Live snapshots already serialised, by the snapshot they show (replaced on every refresh). */
  private readonly snapshots = new WeakMap<ParkSnapshot, Frame>();

  constructor(private readonly deps: MessageDependencies) {}

  private get siteAttribution() {
    return this.deps.envelopes.attribution();
  }

  private parkAttribution(park: Pick<Park, 'key'>) {
    return this.deps.envelopes.attribution(this.deps.links.parkPage(park));
  }

  private streamPark(park: Park): StreamPark {
    return {
      id: park.id,
      key: park.key,
      name: park.name,
      time_zone: park.time_zone,
      url: this.deps.links.parkPage(park),
    };
  }

  // The connection messages carry exactly the fields the spec names: `type`, `parks` on
  // `subscribed`, and the site root's attribution.

  ready(): Frame {
    return toFrame({ type: 'ready', attribution: this.siteAttribution });
  }

  subscribed(parks: readonly Park[]): Frame {
    return toFrame({
      type: 'subscribed',
      parks: parks.map((park) => this.streamPark(park)),
      attribution: this.siteAttribution,
    });
  }

  unsubscribed(): Frame {
    return toFrame({ type: 'unsubscribed', attribution: this.siteAttribution });
  }

  /** The park's current state, as `/waits` would answer it now. */
  snapshot(park: Park): SnapshotFrame {
    const view = this.deps.live.view(park.key);
    const cached = view.snapshot && this.snapshots.get(view.snapshot);
    if (cached) return { frame: cached, dataStatus: view.data_status };
    const waits = presentParkWaits(park, view, this.deps.clock.now());
    const frame = toFrame({
      type: 'snapshot',
      park_key: park.key,
      park_id: park.id,
      park_name: park.name,
      time_zone: park.time_zone,
      data_status: waits.data_status,
      park_status: waits.park_status,
      refreshed_at: waits.refreshed_at,
      unavailable_reason: waits.unavailable_reason,
      entries: waits.entries,
      attribution: this.parkAttribution(park),
    });
    if (view.snapshot) this.snapshots.set(view.snapshot, frame);
    return { frame, dataStatus: view.data_status };
  }

  changes(event: ChangesEvent): Frame {
    return toFrame({
      type: 'changes',
      park_key: event.park_key,
      at: isoTimestamp(event.at),
      changes: event.changed.map(presentLiveEntry),
      removed: [...event.removed],
      attribution: this.parkAttribution({ key: event.park_key }),
    });
  }

  park(event: ParkEvent): Frame {
    return toFrame({
      type: 'park',
      park_key: event.park_key,
      state: event.state,
      at: isoTimestamp(event.at),
      attribution: this.parkAttribution({ key: event.park_key }),
    });
  }

  ping(): Frame {
    return heartbeatFrame({ type: 'ping', attribution: this.siteAttribution });
  }

  pong(): Frame {
    return toFrame({ type: 'pong', attribution: this.siteAttribution });
  }

  /** The keyed verdict behind the stream expired (SPEC Authentication 6). */
  expired(): Frame {
    return this.error(
      'reauthentication_required',
      'The key verdict of this stream expired (keys are checked again at least every 10 minutes). Reconnect, and subscribe again on WebSocket.',
    );
  }

  error(code: ErrorCode, message: string, parkKey?: string): Frame {
    return toFrame({
      type: 'error',
      code,
      message,
      ...(parkKey === undefined ? {} : { park_key: parkKey }),
      docs_url: this.deps.links.errorsDocs,
      attribution: this.siteAttribution,
    });
  }
}
