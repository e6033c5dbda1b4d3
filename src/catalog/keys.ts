/**
 * Keys, short aliases and ride slugs for discovered parks, made from their names. Pure: what was
 * published before comes in (from the store), and a published key is never changed or reused, so a
 * renamed park, or a new park whose name now collides, leaves every key a client uses as it was.
 * Collisions among new names are settled in feed-ID order, so the same listing always gives the
 * same keys whatever order the feed sends it in.
 */
import { createHash } from 'node:crypto';
import { normalizeIdentifier } from './catalog.js';

/** The longest generated key: long enough to read, short enough for a URL segment. */
const MAX_KEY_LENGTH = 48;

/** `Tokyo DisneySea®` → `tokyo-disneysea`; a name with no Latin letters → `<fallback>-<hash>`. */
export function slugFromName(name: string, fallback: string, feedId: string): string {
  const words = normalizeIdentifier(name.replace(/[™®©℠]/g, ''))
    .split(' ')
    .filter((word) => word !== '');
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > MAX_KEY_LENGTH) break;
    slug = next;
  }
  if (slug === '') {
    // Names in other scripts fold to nothing: a short hash of the feed ID keeps the key stable.
    slug = `${fallback}-${createHash('sha256').update(feedId).digest('hex').slice(0, 8)}`;
  }
  return slug;
}

/** A thing that needs a key: its feed ID and its name, and the name of what holds it. */
export interface KeyRequest {
  readonly feed_id: string;
  readonly name: string;
  /** The resort (for a park) whose slug tells two same-named parks apart. */
  readonly within?: string;
}

export interface AssignedKey {
  readonly key: string;
  readonly aliases: readonly string[];
  /** True when made now (to be stored), false when it was published before. */
  readonly created: boolean;
}

export interface PublishedKey {
  readonly key: string;
  readonly aliases: readonly string[];
}

/**
 * Identifiers as lookups compare them: `normalizeIdentifier` folds `europa-park`, `Europa Park`
 * and `EUROPA_PARK` together, so a new key must differ from every taken one in that form.
 */
class TakenIdentifiers {
  private readonly taken = new Set<string>();

  constructor(identifiers: Iterable<string>) {
    for (const identifier of identifiers) this.take(identifier);
  }

  has(identifier: string): boolean {
    return this.taken.has(normalizeIdentifier(identifier));
  }

  take(identifier: string): void {
    this.taken.add(normalizeIdentifier(identifier));
  }
}

function initials(key: string): string {
  return key
    .split('-')
    .map((word) => word[0] ?? '')
    .join('');
}

/**
 * Keys for parks or resorts. `published` holds every key handed out before, for things still
 * listed and things gone (a park removed and back gets its key again; another park never gets it);
 * `reserved` the identifiers of the spec's parks or resorts, which no generated key may shadow.
 */
export function assignKeys(
  requests: readonly KeyRequest[],
  published: ReadonlyMap<string, PublishedKey>,
  reserved: Iterable<string>,
  fallback: string,
): Map<string, AssignedKey> {
  const taken = new TakenIdentifiers(reserved);
  for (const entry of published.values()) {
    taken.take(entry.key);
    for (const alias of entry.aliases) taken.take(alias);
  }
  const assigned = new Map<string, AssignedKey>();
  const fresh: KeyRequest[] = [];
  for (const request of requests) {
    const before = published.get(request.feed_id);
    if (before) assigned.set(request.feed_id, { key: before.key, aliases: before.aliases, created: false });
    else fresh.push(request);
  }
  fresh.sort((a, b) => (a.feed_id < b.feed_id ? -1 : a.feed_id > b.feed_id ? 1 : 0));
  for (const request of fresh) {
    if (assigned.has(request.feed_id)) continue;
    const base = slugFromName(request.name, fallback, request.feed_id);
    const within = request.within === undefined ? '' : slugFromName(request.within, '', request.feed_id);
    const candidates = [base];
    if (within !== '' && !base.includes(within)) candidates.push(`${base}-${within}`);
    let key = candidates.find((candidate) => !taken.has(candidate));
    for (let n = 2; key === undefined; n += 1) {
      if (!taken.has(`${base}-${n}`)) key = `${base}-${n}`;
    }
    taken.take(key);
    const aliases: string[] = [];
    for (const alias of new Set([key.replace(/-/g, ''), initials(key)])) {
      // A one-letter or same-as-key alias says nothing; a taken one would point two ways.
      if (alias.length < 2 || alias === key || taken.has(alias)) continue;
      taken.take(alias);
      aliases.push(alias);
    }
    assigned.set(request.feed_id, { key, aliases, created: true });
  }
  return assigned;
}

/**
 * Ride slugs within one park (the ride ID is `<park_key>_<slug>`): published slugs stay, new rides
 * take their name's slug or, when a ride (present or removed) has it, the next free `-2`, `-3`.
 */
export function assignRideSlugs(
  rides: readonly KeyRequest[],
  published: ReadonlyMap<string, string>,
): Map<string, AssignedKey> {
  const asKeys = new Map<string, PublishedKey>(
    [...published].map(([feedId, slug]) => [feedId, { key: slug, aliases: [] }]),
  );
  const assigned = new Map<string, AssignedKey>();
  const taken = new TakenIdentifiers([...published.values()]);
  const fresh = rides
    .filter((ride) => !asKeys.has(ride.feed_id))
    .sort((a, b) => (a.feed_id < b.feed_id ? -1 : a.feed_id > b.feed_id ? 1 : 0));
  for (const ride of rides) {
    const before = asKeys.get(ride.feed_id);
    if (before) assigned.set(ride.feed_id, { key: before.key, aliases: [], created: false });
  }
  for (const ride of fresh) {
    if (assigned.has(ride.feed_id)) continue;
    const base = slugFromName(ride.name, 'ride', ride.feed_id);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.take(slug);
    assigned.set(ride.feed_id, { key: slug, aliases: [], created: true });
  }
  return assigned;
}
