/**
 * The one HTTP client every real upstream adapter reads through, so that the etiquette the public
 * APIs ask for is kept in one place: a User-Agent naming the service and its operator's contact,
 * a timeout per request, retries with exponential backoff and jitter (network errors and 5xx only;
 * a timed-out read is left to the next refresh), an upstream 429 honoured (nothing is sent until its Retry-After has passed, and the
 * failure says `upstream_limit`), a read budget per upstream (spent: `upstream_unavailable` with a
 * retry time, no request sent), a bound on requests in flight and a steady pace per upstream (many
 * parks due at once are read one after another at the pace, not in one burst; one hanging park holds
 * one slot, not the others), and opt-in recording of raw payloads so new fixtures can be captured
 * from a real run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../lib/clock.js';
import { UpstreamError } from '../types.js';

/**
 * An upstream refused or could not be read right now, with when to try again. `upstream_limit`: the
 * upstream itself asked us to slow down (429 / Retry-After); `upstream_unavailable`: our own read
 * budget for it is spent.
 */
export class UpstreamBackoffError extends UpstreamError {
  constructor(
    feed: string,
    readonly code: 'upstream_limit' | 'upstream_unavailable',
    /** Whole seconds until a read may be tried again (at least 1). */
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(feed, message);
    this.name = 'UpstreamBackoffError';
  }
}

/** The HTTP answer when the upstream should slow down: the error's code and Retry-After, if any. */
export function backoffOf(
  error: unknown,
): { code: 'upstream_limit' | 'upstream_unavailable'; retryAfterSeconds: number } | undefined {
  return error instanceof UpstreamBackoffError
    ? { code: error.code, retryAfterSeconds: error.retryAfterSeconds }
    : undefined;
}

export interface ReadBudget {
  /** Requests allowed per window (retries count). */
  readonly reads: number;
  readonly windowMs: number;
}

export interface UpstreamClientOptions {
  /** Short identifier (`themeparks-wiki`), used in errors and the recording folder. */
  readonly feed: string;
  /** Human name for messages (`ThemeParks.wiki`). */
  readonly label: string;
  /** Base address, no trailing slash. */
  readonly baseUrl: string;
  readonly userAgent: string;
  readonly clock: Clock;
  readonly accept?: string;
  /** Per attempt; default 10 s. */
  readonly timeoutMs?: number;
  /** Attempts after the first on a network error, timeout or 5xx; default 2. */
  readonly retries?: number;
  /** First backoff; doubled per retry, with ±50 % jitter. Default 500 ms. */
  readonly backoffMs?: number;
  readonly budget?: ReadBudget;
  /** Requests in flight at once to this upstream; the rest wait their turn. Default 4. */
  readonly maxInFlight?: number;
  /**
   * Requests started at most at this rate (per `windowMs`), after a first burst of `burst`: reads
   * due together are spread out instead of sent at once. Unset: no pacing.
   */
  readonly pace?: { readonly reads: number; readonly windowMs: number; readonly burst: number };
  /** When set, every payload read is written under `<recordDir>/<feed>/`. */
  readonly recordDir?: string;
  /** Wording of a non-2xx answer that is not retried (problem documents, say). */
  readonly describeFailure?: (status: number, text: string) => string;
  /** Test seams. */
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * The pace's time source. It spaces real requests in real time, as `sleep` waits, so it is the
   * process's monotonic clock even where the service's clock is pinned or simulated.
   */
  readonly paceNow?: () => number;
  readonly random?: () => number;
  readonly onRecordError?: (error: unknown) => void;
}

export interface UpstreamResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** Retry-After as seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : undefined;
}

/** Retry-After when the upstream 429s without one. */
const DEFAULT_LIMIT_SECONDS = 60;

export class UpstreamClient {
  private blockedUntil = 0;
  private windowStart = 0;
  private readsInWindow = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /** Start tokens left (negative: requests already reserved a later start). */
  private paceTokens: number;
  private paceRefilledAt: number | undefined;
  private readonly maxInFlight: number;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly paceNow: () => number;
  private readonly random: () => number;

  constructor(private readonly options: UpstreamClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? 500;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.paceNow = options.paceNow ?? (() => performance.now());
    this.random = options.random ?? Math.random;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 4);
    this.paceTokens = options.pace?.burst ?? 0;
  }

  get feed(): string {
    return this.options.feed;
  }

  /** GETs `path` (or an absolute link, re-based on the base address) and parses its JSON. */
  async getJson(pathOrLink: string): Promise<{ body: unknown; headers: Headers }> {
    const response = await this.get(pathOrLink);
    const { label, feed } = this.options;
    if (response.status < 200 || response.status >= 300) {
      throw new UpstreamError(
        feed,
        this.options.describeFailure?.(response.status, response.text) ??
          `${label} answered ${response.status} for ${pathOrLink}`,
      );
    }
    try {
      return { body: JSON.parse(response.text) as unknown, headers: response.headers };
    } catch (error) {
      throw new UpstreamError(feed, `${label} sent a body that is not JSON for ${pathOrLink}`, {
        cause: error,
      });
    }
  }

  /**
   * GETs with retries. Resolves with any answer that is not retried (2xx, and 4xx but 429, for the
   * caller to word); rejects with UpstreamError when the upstream cannot be read, and with
   * UpstreamBackoffError on a 429 or a spent budget.
   */
  async get(pathOrLink: string): Promise<UpstreamResponse> {
    const { feed, label } = this.options;
    const url = this.resolve(pathOrLink);
    let lastError: UpstreamError | undefined;
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) await this.sleep(this.backoff(attempt));
      await this.paced();
      await this.slot();
      let response: Response;
      let text: string;
      try {
        this.admit(pathOrLink);
        response = await fetch(url, {
          headers: {
            'User-Agent': this.options.userAgent,
            Accept: this.options.accept ?? 'application/json',
          },
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        if (error instanceof UpstreamError) throw error;
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        lastError = new UpstreamError(
          feed,
          timedOut
            ? `${label} did not answer within ${this.timeoutMs} ms (${pathOrLink})`
            : `${label} could not be reached (${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
        // A timeout has already cost the whole wait: the next refresh tries again, not this one.
        if (timedOut) break;
        continue;
      } finally {
        this.release();
      }
      if (response.status === 429) {
        const now = this.options.clock.now();
        const seconds = Math.max(
          1,
          parseRetryAfter(response.headers.get('retry-after'), now) ?? DEFAULT_LIMIT_SECONDS,
        );
        this.blockedUntil = now + seconds * 1000;
        throw new UpstreamBackoffError(
          feed,
          'upstream_limit',
          seconds,
          `${label} asked us to slow down (429); no request is sent for ${seconds} s`,
        );
      }
      if (response.status >= 500) {
        lastError = new UpstreamError(
          feed,
          this.options.describeFailure?.(response.status, text) ??
            `${label} answered ${response.status} for ${pathOrLink}`,
        );
        continue;
      }
      if (response.status >= 200 && response.status < 300) await this.record(pathOrLink, text);
      return { status: response.status, headers: response.headers, text };
    }
    throw lastError ?? new UpstreamError(feed, `${label} could not be read (${pathOrLink})`);
  }

  /**
   * Waits for the request's start under the pace: a token bucket refilled at `reads` per
   * `windowMs`, where a request that finds none reserves the next one and sleeps until it is due.
   */
  private async paced(): Promise<void> {
    const { pace } = this.options;
    if (!pace) return;
    const now = this.paceNow();
    const perMs = pace.reads / pace.windowMs;
    const elapsed = this.paceRefilledAt === undefined ? 0 : Math.max(0, now - this.paceRefilledAt);
    this.paceRefilledAt = now;
    this.paceTokens = Math.min(pace.burst, this.paceTokens + elapsed * perMs) - 1;
    if (this.paceTokens < 0) await this.sleep(-this.paceTokens / perMs);
  }

  /** One of `maxInFlight` slots; a caller waits for a release when all are taken. */
  private async slot(): Promise<void> {
    if (this.inFlight < this.maxInFlight) {
      this.inFlight++;
      return;
    }
    // The releaser hands its slot over directly, so the count stays as it is.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }

  /** Requests sent and not yet answered (for tests and the bench). */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Refuses a request while a 429 holds or when the read budget of the window is spent. */
  private admit(pathOrLink: string): void {
    const { feed, label, budget, clock } = this.options;
    const now = clock.now();
    if (now < this.blockedUntil) {
      const seconds = Math.max(1, Math.ceil((this.blockedUntil - now) / 1000));
      throw new UpstreamBackoffError(
        feed,
        'upstream_limit',
        seconds,
        `${label} asked us to slow down; ${pathOrLink} is not read for another ${seconds} s`,
      );
    }
    if (!budget) return;
    if (now - this.windowStart >= budget.windowMs) {
      this.windowStart = now;
      this.readsInWindow = 0;
    }
    if (this.readsInWindow >= budget.reads) {
      const seconds = Math.max(1, Math.ceil((this.windowStart + budget.windowMs - now) / 1000));
      throw new UpstreamBackoffError(
        feed,
        'upstream_unavailable',
        seconds,
        `the read budget for ${label} (${budget.reads} requests per ${budget.windowMs / 1000} s) is spent; next read in ${seconds} s`,
      );
    }
    this.readsInWindow++;
  }

  /** Exponential backoff with ±50 % jitter, so many clients recovering at once do not stampede. */
  private backoff(attempt: number): number {
    return this.backoffMs * 2 ** (attempt - 1) * (0.5 + this.random());
  }

  private resolve(pathOrLink: string): string {
    if (!/^https?:\/\//i.test(pathOrLink)) return `${this.options.baseUrl}${pathOrLink}`;
    const link = new URL(pathOrLink);
    return `${this.options.baseUrl}${link.pathname}${link.search}`;
  }

  private async record(pathOrLink: string, text: string): Promise<void> {
    const { recordDir, feed, clock } = this.options;
    if (recordDir === undefined) return;
    const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
    const name = pathOrLink
      .replace(/^https?:\/\/[^/]+/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^_+/, '');
    const folder = join(recordDir, feed);
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `${stamp}-${name.slice(0, 120)}.json`), text);
    } catch (error) {
      // Recording is a convenience: a full disk must not cost the live data.
      this.options.onRecordError?.(error);
    }
  }
}
