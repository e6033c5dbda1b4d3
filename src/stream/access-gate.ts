/**
 * The access rules for streams (SPEC Authentication and Limits), behind the streams' one gate: the
 * same key verdict, provider switch and per-minute count as HTTP (a connection counts once, on
 * connect), plus a concurrent-stream slot per caller held until the stream ends. A keyed stream
 * ends when its cached verdict expires.
 */
import type { StreamSlots } from '../shared-state/stream-slots.js';
import type { StreamGate, StreamRequest, StreamVerdict } from './gate.js';
import type { AccessControl } from '../http/access/access-control.js';
import type { Caller } from '../http/access/caller.js';
import { TIER_LIMITS } from '../http/access/tiers.js';

/** When a client refused for holding too many streams should try again. */
export const STREAM_RETRY_SECONDS = 10;

export class AccessStreamGate implements StreamGate {
  /** @param onReleaseFailed told when a slot could not be given back (a shared store down). */
  constructor(
    private readonly access: AccessControl,
    private readonly slots: StreamSlots,
    private readonly onReleaseFailed: (error: unknown) => void,
  ) {}

  /** Throws rejection-coded ApiErrors (invalid_key, rights_unavailable, rate_limited), as HTTP does. */
  async admit(request: StreamRequest): Promise<StreamVerdict> {
    const caller = await this.access.identify(request);
    this.access.requireProviderData();
    const headers = await this.access.count(caller);
    const max = TIER_LIMITS[caller.tier].concurrent_streams;
    const slot = slotHolder(caller);
    if (!(await this.slots.acquire(slot, max))) {
      const who = caller.tier === 'keyless' ? 'keyless access (per IP address)' : `a ${caller.tier} key`;
      return {
        ok: false,
        code: 'too_many_streams',
        message: `${who} may hold ${max} concurrent streams and all are in use; close one first (or use one WebSocket subscribed to several parks), then retry in ${STREAM_RETRY_SECONDS} seconds.`,
        // Every 429 says when to retry, as the spec's Errors section asks.
        headers: { ...headers, 'Retry-After': STREAM_RETRY_SECONDS },
      };
    }
    let released = false;
    return {
      ok: true,
      headers,
      ...(caller.verdictExpiresAt === undefined ? {} : { expiresAt: caller.verdictExpiresAt }),
      release: () => {
        if (released) return;
        released = true;
        this.slots.release(slot).catch((error: unknown) => {
          this.onReleaseFailed(error);
        });
      },
    };
  }
}

/** Who holds stream slots, in one map for every tier: an address (`ip:…`) or a key (`key:<id>`). */
function slotHolder(caller: Caller): string {
  return caller.tier === 'keyless' ? `ip:${caller.subject}` : `key:${caller.subject}`;
}
