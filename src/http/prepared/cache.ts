/**
 * One endpoint's prepared bodies, reused while their inputs hold. Each entry is kept under a key
 * (which body: a park, a ride and a day count…) and a version (the state of its inputs, such as
 * the live state of the park it describes), so live numbers are never served past a refresh or a
 * change of data status. Unless the version alone names everything in the body, an entry also
 * lasts at most the endpoint's `Cache-Control` max-age, which bounds how old anything else in it
 * may be (as a shared cache may already keep it that long). Concurrent requests for an entry being
 * built share the one build.
 */
import type { Clock } from '../../lib/clock.js';
import { PreparedBody } from './body.js';

/** What a body's inputs were when it was built; compared with `===`. */
export type Version = string | number;

/**
 * `max-age`: a body lasts until its version changes or its max-age passes. `version`: until its
 * version changes (the version covers every input, so an ETag holds as long as the data does).
 * `rebuild-behind`: as `max-age`, but once the max-age has passed while the version holds, the
 * body is still answered while its successor is built (for bodies dear to build, whose version
 * names all their data and whose age bounds only labels such as a time zone's name). A new
 * version is always waited for: no request gets the body of an older version.
 */
export type Reuse = 'max-age' | 'version' | 'rebuild-behind';

interface Entry {
  readonly version: Version;
  readonly expiresAt: number;
  readonly body: PreparedBody | Promise<PreparedBody>;
}

const MAX_ENTRIES = 20_000;

/** The version of bodies drawn from the catalog alone, which does not change while the server runs. */
export const CATALOG_VERSION = 'catalog';

export class PreparedCache {
  private readonly entries = new Map<string, Entry>();
  private readonly lifetimeMs: number;

  constructor(
    private readonly clock: Clock,
    maxAgeSeconds: number,
    private readonly reuse: Reuse = 'max-age',
  ) {
    this.lifetimeMs = reuse === 'version' ? Number.POSITIVE_INFINITY : maxAgeSeconds * 1000;
  }

  /** The body for `key` at `version` when it is built and current (what the prepared lane serves). */
  peek(key: string, version: Version): PreparedBody | undefined {
    const body = this.current(key, version);
    return body instanceof PreparedBody ? body : undefined;
  }

  /** The body for `key` at `version`, built by `build` when missing, older or expired. A failed build is not kept. */
  async get(key: string, version: Version, build: () => unknown): Promise<PreparedBody> {
    const found = this.current(key, version);
    if (found) return found;
    const expired = this.entries.get(key);
    if (
      this.reuse === 'rebuild-behind' &&
      expired?.version === version &&
      expired.body instanceof PreparedBody
    ) {
      const answered = expired.body;
      // Answered again for one more max-age, so the successor is built once, off every request's
      // path; it replaces this body when done, and a failed build leaves this one.
      this.keep(key, version, answered);
      made(build).then(
        (built) => {
          if (this.entries.get(key)?.body !== answered) return;
          // The same bytes keep the body already answered, with the encodings it has made.
          this.keep(key, version, built.etag === answered.etag ? answered : built);
        },
        () => undefined,
      );
      return answered;
    }
    const body = made(build);
    this.keep(key, version, body);
    try {
      const built = await body;
      if (this.entries.get(key)?.body === body) this.keep(key, version, built);
      return built;
    } catch (error) {
      if (this.entries.get(key)?.body === body) this.entries.delete(key);
      throw error;
    }
  }

  private current(key: string, version: Version): PreparedBody | Promise<PreparedBody> | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    if (this.reuse !== 'version' && entry.expiresAt <= this.clock.now()) return undefined;
    return entry.body;
  }

  private keep(key: string, version: Version, body: PreparedBody | Promise<PreparedBody>): void {
    // Keys come from requests (ride names, dates); a bound keeps odd ones from piling up.
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, { version, expiresAt: this.clock.now() + this.lifetimeMs, body });
  }
}

/** A build's body: a build may prepare its own bytes (the site's pages); anything else is JSON. */
function made(build: () => unknown): Promise<PreparedBody> {
  return Promise.resolve()
    .then(build)
    .then((value) => (value instanceof PreparedBody ? value : PreparedBody.of(value)));
}
