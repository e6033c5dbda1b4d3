/**
 * What the rest of queuecast asks of persistence. Drivers (SQLite now, PostgreSQL later) implement
 * these ports; ingest, models and routes never see SQL. Times are epoch milliseconds (UTC).
 */
import type { CatalogEntry } from '../catalog/discovered.js';

/** A recorded change of one attraction's posted standby wait or status (history row). */
export interface WaitChange {
  readonly ride_id: string;
  readonly park_key: string;
  readonly at: number;
  /** Status as served (`OPERATING`, `DOWN`, …, or `unavailable`). */
  readonly status: string;
  readonly standby_wait_minutes: number | null;
}

/** One outage: opened by the first Down/Brief Delay/Weather Delay report, ended by any other status. */
export interface Outage {
  readonly id: number;
  readonly ride_id: string;
  readonly park_key: string;
  /** The status that opened it: DOWN, BRIEF_DELAY or WEATHER_DELAY. */
  readonly status: string;
  readonly started_at: number;
  /** Null while ongoing. */
  readonly ended_at: number | null;
}

export type NewOutage = Omit<Outage, 'id' | 'ended_at'>;

/**
 * An outage with what the ride reported on either side of it, which the reopening model learns
 * from: whether it opened at the ride's opening, and whether it ended because the ride reopened.
 */
export interface OutageRecord extends Outage {
  /** The last status recorded before it opened (CLOSED: the ride had not opened yet); null when none. */
  readonly status_before: string | null;
  /**
   * The status that ended it: OPERATING when the ride reopened; CLOSED, REFURBISHMENT or
   * `unavailable` when it closed or went unobserved instead. Null while ongoing.
   */
  readonly ended_status: string | null;
}

/** The end of the open outage of `ride_id` that started at `started_at`. */
export interface EndedOutage {
  readonly ride_id: string;
  readonly started_at: number;
  readonly ended_at: number;
}

/** A park opening or closing, as ingest observed it. */
export interface ParkTransition {
  readonly park_key: string;
  readonly at: number;
  readonly state: 'open' | 'closed';
}

/** See `HistoryStore.backgroundWriter`. */
export interface BackgroundWriter {
  /**
   * Queues the batch; resolves once it is committed. After a batch fails, every later one rejects
   * unwritten, as if the caller had stopped at the failure.
   */
  apply(batch: IngestBatch): Promise<void>;
  /** Waits for what is queued, then ends the thread and its connection. */
  close(): Promise<void>;
}

/**
 * Everything one ingest step writes, applied atomically: a crash never leaves history without the
 * outage rows it implies, or a checkpoint ahead of the rows it covers.
 */
export interface IngestBatch {
  readonly changes: readonly WaitChange[];
  readonly openedOutages: readonly NewOutage[];
  /** Outages to end, each named by ride and start (it may have opened earlier in the same batch). */
  readonly endedOutages: readonly EndedOutage[];
  readonly transitions: readonly ParkTransition[];
  /** Per park: ingest has recorded everything up to and including this time. */
  readonly checkpoints: readonly { readonly park_key: string; readonly at: number }[];
}

export interface HistoryStore {
  /** Applies a batch in one transaction. */
  apply(batch: IngestBatch): Promise<void>;
  /**
   * Optional, for a long run of batches (a backfill): a writer that applies them on another thread,
   * each in one transaction and in the order given, while the caller prepares the next. Absent where
   * the engine gains nothing from it (PostgreSQL's writes already leave the process) or cannot have
   * it (an in-memory database, which no other connection sees).
   */
  backgroundWriter?(): BackgroundWriter;

  /** Changes of one ride with `from <= at < to`, oldest first. */
  changes(rideId: string, from: number, to: number): Promise<WaitChange[]>;
  /** Changes of every ride of a park with `from <= at < to`, oldest first (for the models). */
  parkChanges(parkKey: string, from: number, to: number): Promise<WaitChange[]>;
  /** The last change of each ride of a park at or before `at` (the state ingest resumes from). */
  latestChanges(parkKey: string, at: number): Promise<WaitChange[]>;

  /** The time of the park's first recorded change; undefined when nothing is recorded. */
  firstChangeAt(parkKey: string): Promise<number | undefined>;

  /** Outages of one ride that overlap `[from, to)` (ongoing ones included), newest start first. */
  rideOutages(rideId: string, from: number, to: number): Promise<Outage[]>;
  /** Outages of a park that overlap `[from, to)` (ongoing ones included), newest start first. */
  parkOutages(parkKey: string, from: number, to: number): Promise<Outage[]>;
  /** Outages still open, of one park, newest start first, with the status before each. */
  openOutages(parkKey: string): Promise<OutageRecord[]>;
  /** Outages of a park that started with `from <= started_at < to`, oldest first, with the statuses around them. */
  outageRecords(parkKey: string, from: number, to: number): Promise<OutageRecord[]>;

  /** Park transitions with `from <= at < to`, oldest first, plus the last one before `from`. */
  transitions(parkKey: string, from: number, to: number): Promise<ParkTransition[]>;

  /** Per park key, the time ingest has recorded up to; absent for a park never ingested. */
  checkpoints(): Promise<Map<string, number>>;

  close(): Promise<void>;
}

export type KeyTier = 'free' | 'partner';

/** An API key as stored: only its hash, never the key. */
export interface ApiKeyRecord {
  readonly id: number;
  readonly hash: string;
  /** The key's first characters, to tell keys apart in listings (`pk_live_Ab3d…`). */
  readonly hint: string;
  readonly tier: KeyTier;
  readonly name: string | null;
  readonly created_at: number;
  readonly revoked_at: number | null;
}

export type NewApiKey = Omit<ApiKeyRecord, 'id' | 'revoked_at'>;

export interface KeyStore {
  createKey(key: NewApiKey): Promise<ApiKeyRecord>;
  findKeyByHash(hash: string): Promise<ApiKeyRecord | undefined>;
  /** Revokes by ID; false when no such unrevoked key exists. */
  revokeKey(id: number, at: number): Promise<boolean>;
  /** Every key, oldest first. */
  listKeys(): Promise<ApiKeyRecord[]>;
}

/** What a check and the record share about one event night. */
interface EventNight {
  readonly resort_key: string;
  readonly park_key: string;
  /** Park-local date the night starts on, `YYYY-MM-DD`. */
  readonly date: string;
  readonly series_id: string;
  readonly series_name: string;
  readonly opens_at: number;
  readonly closes_at: number;
  /** `on_sale`, `sold_out` or `not_on_sale`: as listed at this check, or at the last check in a record. */
  readonly status: string;
  readonly currency: string;
  /** The lowest adult price in cents: listed at this check, or the lowest any check has seen in a record. */
  readonly lowest_adult_price_cents: number;
}

/** One check of one event night, as ingest read it from the event feed. */
export interface EventNightCheck extends EventNight {
  readonly checked_at: number;
}

/** An event night as recorded across every check so far. */
export interface EventNightRecord extends EventNight {
  readonly first_seen_at: number;
  readonly last_checked_at: number;
  /** When a check first saw the night sold out; null if none has. Never moved once set. */
  readonly first_sold_out_at: number | null;
}

export interface ResortDataStore {
  /**
   * Records one check of many nights in one transaction: the status, times and last check follow
   * the check, the lowest price is the minimum seen, and `first_sold_out_at` is set by the first
   * check that sees the night sold out and kept from then on.
   */
  recordEventNightChecks(checks: readonly EventNightCheck[]): Promise<void>;
  /** The resort's recorded nights with `from <= date <= to`, by date then park and series. */
  eventNights(resortKey: string, from: string, to: string): Promise<EventNightRecord[]>;
}

/** A developer account from the sign-up page: its email, app and the key it was given. */
export interface AccountRecord {
  readonly id: number;
  /** Trimmed and lower-cased. */
  readonly email: string;
  readonly app_name: string;
  readonly key_id: number;
  /** SHA-256 of the address the sign-up came from (counted by the sign-up limit). */
  readonly signup_address_hash: string;
  readonly created_at: number;
}

export type NewAccount = Omit<AccountRecord, 'id' | 'key_id'>;

export type CreatedAccount =
  | { readonly kind: 'created'; readonly account: AccountRecord; readonly key: ApiKeyRecord }
  | { readonly kind: 'email_taken' };

export interface AccountStore {
  /**
   * Creates the account and its key together (one transaction: never a key without its account),
   * or answers `email_taken` when the email already has an account.
   */
  createAccount(account: NewAccount, key: NewApiKey): Promise<CreatedAccount>;
  findAccountByEmail(email: string): Promise<AccountRecord | undefined>;
  /** Accounts created from this address hash at or after `since`. */
  countSignups(signupAddressHash: string, since: number): Promise<number>;
}

/** Everything persistence offers, opened together on one database. */
export type { CatalogEntry, CatalogEntryKind } from '../catalog/discovered.js';

export interface CatalogKeyStore {
  /** Every entry of the source, by kind, scope and feed ID. */
  catalogEntries(source: string): Promise<CatalogEntry[]>;
  /**
   * Adds or updates entries in one transaction. The key, aliases and first sighting of an entry
   * already stored are kept (a published key never changes); a second entry under a stored key
   * is refused.
   */
  saveCatalogEntries(entries: readonly CatalogEntry[]): Promise<void>;
}

export interface Stores {
  readonly history: HistoryStore;
  readonly keys: KeyStore;
  /** What the resort-wide families need remembered (event nights' first sell-out). */
  readonly resortData: ResortDataStore;
  readonly accounts: AccountStore;
  /** Keys published for the parks, resorts and rides a feed discovered. */
  readonly catalogKeys: CatalogKeyStore;
  close(): Promise<void>;
}

/** A lock that at most one instance holds (the ingest leader's: `ingest/leadership.ts`). */
export interface LeaderLock {
  /** One attempt: true when this instance holds the lock (now or already). */
  tryAcquire(): Promise<boolean>;
  /** Told once each time a held lock is lost (its connection ended): another instance may take it. */
  onLost(listener: (reason: unknown) => void): void;
  /** Gives the lock up (or stops trying) and closes what holds it. */
  release(): Promise<void>;
}
