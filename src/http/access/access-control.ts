/**
 * Who a caller is and what they may do: the key verdict (401, never a downgrade), the provider-data
 * switch (403), and the per-minute and per-day limits (429 with Retry-After). HTTP requests pass
 * through `admit`; the stream gate makes the same decisions step by step, as it also needs the caller.
 */
import type { Caller } from './caller.js';
import { ApiError } from '../errors.js';
import { invalidKeyMessage, presentedKey, type KeyCarrier } from './presented-key.js';
import type { DecisionListener, RateDecision, RateLimits } from './rate-limits.js';
import { TIER_LIMITS } from './tiers.js';
import type { KeyVerdict, KeyVerdicts } from './verdicts.js';

export type RateLimitHeaders = Readonly<
  Record<'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'X-RateLimit-Reset', number>
>;

export function rateLimitHeaders(decision: RateDecision): RateLimitHeaders {
  return {
    'X-RateLimit-Limit': decision.limit,
    'X-RateLimit-Remaining': decision.remaining,
    'X-RateLimit-Reset': decision.reset,
  };
}

/**
 * Told the outcome of an admission that could not be decided at once, without a promise per
 * request (see CountListener). `refused` gets what `admit` would have thrown or rejected with: an
 * ApiError, or the counters' failure. Neither method may throw.
 */
export interface AdmitListener {
  admitted(headers: RateLimitHeaders): void;
  refused(error: unknown): void;
}

function callerOf(verdict: KeyVerdict): Caller {
  if (!verdict.valid) throw new ApiError('invalid_key', invalidKeyMessage(verdict.reason));
  return verdict.caller;
}

export class AccessControl {
  constructor(
    private readonly verdicts: KeyVerdicts,
    private readonly limits: RateLimits,
    private readonly providerData: 'enabled' | 'disabled',
  ) {}

  get providerDataEnabled(): boolean {
    return this.providerData === 'enabled';
  }

  /**
   * The caller behind a request: at once when no lookup is needed (no key, or a verdict cached in
   * the last 10 minutes), else once the key store answers. ApiError(invalid_key) for a malformed,
   * unknown or revoked key.
   */
  identify(request: KeyCarrier & { readonly ip: string }): Caller | Promise<Caller> {
    const key = presentedKey(request);
    if (key === undefined) return { tier: 'keyless', subject: request.ip, verdictExpiresAt: undefined };
    const known = this.verdicts.known(key);
    return known ? callerOf(known) : this.verdicts.verdict(key).then(callerOf);
  }

  /**
   * What a data request must pass, in order: its key (401), the provider switch for provider data
   * (403), then the caller's limits (429). Returns the X-RateLimit-* headers to send; synchronous
   * unless the key has to be looked up or the counters are shared. Given `later`, a decision that
   * cannot be made at once is told to it instead (then undefined is returned); synchronous refusals
   * are still thrown.
   */
  admit(
    request: KeyCarrier & { readonly ip: string },
    providerData: boolean,
  ): RateLimitHeaders | Promise<RateLimitHeaders>;
  admit(
    request: KeyCarrier & { readonly ip: string },
    providerData: boolean,
    later: AdmitListener,
  ): RateLimitHeaders | undefined;
  admit(
    request: KeyCarrier & { readonly ip: string },
    providerData: boolean,
    later?: AdmitListener,
  ): RateLimitHeaders | Promise<RateLimitHeaders> | undefined {
    const caller = this.identify(request);
    if (caller instanceof Promise) {
      const admitted = caller.then(async (known) => this.pass(known, providerData));
      if (!later) return admitted;
      admitted.then(
        (headers) => {
          later.admitted(headers);
        },
        (error: unknown) => {
          later.refused(error);
        },
      );
      return undefined;
    }
    if (providerData) this.requireProviderData();
    if (later && !this.limits.decidesAtOnce(caller.tier)) {
      this.limits.consume(caller.tier, caller.subject, new JudgeOnDecision(this, caller, later));
      return undefined;
    }
    return this.count(caller);
  }

  private pass(caller: Caller, providerData: boolean): RateLimitHeaders | Promise<RateLimitHeaders> {
    if (providerData) this.requireProviderData();
    return this.count(caller);
  }

  /** ApiError(rights_unavailable) when provider-derived data is disabled on this server. */
  requireProviderData(): void {
    if (!this.providerDataEnabled) {
      throw new ApiError(
        'rights_unavailable',
        'Provider-derived data is disabled on this server. Parks, resorts, rides, ride facts and crowd forecasts remain available.',
      );
    }
  }

  /**
   * Counts one request (or one stream connection) and returns the headers to send; throws (or
   * rejects) with the 429. Synchronous when the counters are.
   */
  count(caller: Caller): RateLimitHeaders | Promise<RateLimitHeaders> {
    const decision = this.limits.consume(caller.tier, caller.subject);
    if (decision instanceof Promise) return decision.then((decided) => this.judge(caller, decided));
    return this.judge(caller, decision);
  }

  /** The headers for an allowed decision; throws ApiError(rate_limited) for a refused one. */
  judge(caller: Caller, decision: RateDecision): RateLimitHeaders {
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      const limits = TIER_LIMITS[caller.tier];
      const per =
        decision.window === 'minute'
          ? `${limits.per_minute} requests per minute`
          : `${limits.per_day.toLocaleString('en-US')} requests per UTC day`;
      const who =
        caller.tier === 'keyless'
          ? 'keyless access (counted per IP address); a free key raises it'
          : `the ${caller.tier} key`;
      throw new ApiError(
        'rate_limited',
        `Rate limit of ${per} reached for ${who}. Retry in ${decision.reset} seconds.`,
        {
          ...headers,
          'Retry-After': decision.reset,
        },
      );
    }
    return headers;
  }
}

/** Judges a decision the counters made later: one object per request where a promise chain took several. */
class JudgeOnDecision implements DecisionListener {
  constructor(
    private readonly access: AccessControl,
    private readonly caller: Caller,
    private readonly next: AdmitListener,
  ) {}

  decided(decision: RateDecision): void {
    let headers: RateLimitHeaders;
    try {
      headers = this.access.judge(this.caller, decision);
    } catch (refusal) {
      this.next.refused(refusal);
      return;
    }
    this.next.admitted(headers);
  }

  failed(error: unknown): void {
    this.next.refused(error);
  }
}
