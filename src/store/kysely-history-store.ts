/**
 * The HistoryStore on Kysely, the same typed queries for SQLite and PostgreSQL. Nothing here knows
 * the engine; a driver opens the database, runs the migrations and hands over a Kysely instance
 * (plus, optionally, a faster writer for the bulk wait-change path).
 */
import type { Kysely, Transaction } from 'kysely';
import { chunks, rowsPerInsert } from './chunks.js';
import { insertChangesWithKysely, type ChangeWriter } from './insert-changes.js';
import type {
  BackgroundWriter,
  HistoryStore,
  IngestBatch,
  Outage,
  OutageRecord,
  ParkTransition,
  WaitChange,
} from './ports.js';
import { toEpochMs, toOutage, toOutageRecord, toParkTransition, toWaitChange } from './rows.js';
import type { Database } from './schema.js';

export interface KyselyHistoryStoreOptions {
  /** Replaces the portable chunked insert of wait changes (the bulk of every batch). */
  readonly writeChanges?: ChangeWriter;
  /** Where the driver has one: a writer applying a backfill's batches on another thread. */
  readonly backgroundWriter?: () => BackgroundWriter;
}

type Trx = Transaction<Database>;

export class KyselyHistoryStore implements HistoryStore {
  private readonly writeChanges: ChangeWriter;

  constructor(
    private readonly db: Kysely<Database>,
    options: KyselyHistoryStoreOptions = {},
  ) {
    this.writeChanges = options.writeChanges ?? insertChangesWithKysely;
    if (options.backgroundWriter) this.backgroundWriter = options.backgroundWriter;
  }

  readonly backgroundWriter?: () => BackgroundWriter;

  async apply(batch: IngestBatch): Promise<void> {
    if (isEmpty(batch)) return;
    await this.db.transaction().execute(async (trx) => {
      await this.writeChanges(trx, batch.changes);
      // Opened before ended: a batch covering a stretch of time may open an outage and end it.
      await insertOutages(trx, batch);
      await endOutages(trx, batch);
      await insertTransitions(trx, batch);
      await upsertCheckpoints(trx, batch);
    });
  }

  async changes(rideId: string, from: number, to: number): Promise<WaitChange[]> {
    const rows = await this.db
      .selectFrom('wait_changes')
      .selectAll()
      .where('ride_id', '=', rideId)
      .where('at', '>=', from)
      .where('at', '<', to)
      .orderBy('at')
      .execute();
    return rows.map(toWaitChange);
  }

  async parkChanges(parkKey: string, from: number, to: number): Promise<WaitChange[]> {
    const rows = await this.db
      .selectFrom('wait_changes')
      .selectAll()
      .where('park_key', '=', parkKey)
      .where('at', '>=', from)
      .where('at', '<', to)
      // ride_id breaks ties so both engines return the same order.
      .orderBy('at')
      .orderBy('ride_id')
      .execute();
    return rows.map(toWaitChange);
  }

  async firstChangeAt(parkKey: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('wait_changes')
      // min() over no rows is NULL, which Kysely's inferred type leaves out.
      .select((eb) => eb.fn.min<number | string | null>('at').as('first'))
      .where('park_key', '=', parkKey)
      .executeTakeFirst();
    const first = row?.first;
    return first === null || first === undefined ? undefined : toEpochMs(first);
  }

  async latestChanges(parkKey: string, at: number): Promise<WaitChange[]> {
    // Join on max(at) per ride rather than a window function: plain SQL on both engines, and
    // (ride_id, at) is unique so each ride yields one row, found through that index (ride IDs are
    // unique across parks, so the outer query needs no park filter). Runs once per park at start-up.
    const rows = await this.db
      .selectFrom('wait_changes as w')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('wait_changes')
            .select(['ride_id', (e) => e.fn.max('at').as('last_at')])
            .where('park_key', '=', parkKey)
            .where('at', '<=', at)
            .groupBy('ride_id')
            .as('latest'),
        (join) => join.onRef('latest.ride_id', '=', 'w.ride_id').onRef('latest.last_at', '=', 'w.at'),
      )
      .selectAll('w')
      .orderBy('w.ride_id')
      .execute();
    return rows.map(toWaitChange);
  }

  async rideOutages(rideId: string, from: number, to: number): Promise<Outage[]> {
    const rows = await this.overlappingOutages(from, to).where('ride_id', '=', rideId).execute();
    return rows.map(toOutage);
  }

  async parkOutages(parkKey: string, from: number, to: number): Promise<Outage[]> {
    const rows = await this.overlappingOutages(from, to).where('park_key', '=', parkKey).execute();
    return rows.map(toOutage);
  }

  async openOutages(parkKey: string): Promise<OutageRecord[]> {
    const rows = await this.outagesWithStatuses()
      .where('o.park_key', '=', parkKey)
      .where('o.ended_at', 'is', null)
      .orderBy('o.started_at', 'desc')
      .orderBy('o.id', 'desc')
      .execute();
    return rows.map(toOutageRecord);
  }

  async outageRecords(parkKey: string, from: number, to: number): Promise<OutageRecord[]> {
    const rows = await this.outagesWithStatuses()
      .where('o.park_key', '=', parkKey)
      .where('o.started_at', '>=', from)
      .where('o.started_at', '<', to)
      .orderBy('o.started_at')
      .orderBy('o.id')
      .execute();
    return rows.map(toOutageRecord);
  }

  async transitions(parkKey: string, from: number, to: number): Promise<ParkTransition[]> {
    // One statement, so the row before `from` and the rows in range come from one snapshot: start
    // at the last transition before `from` (or at `from` when there is none). An empty or inverted
    // range still answers that last transition: the park's state at `from`.
    const end = Math.max(from, to);
    const rows = await this.db
      .selectFrom('park_transitions')
      .selectAll()
      .where('park_key', '=', parkKey)
      .where('at', '<', end)
      .where((eb) =>
        eb(
          'at',
          '>=',
          eb.fn.coalesce(
            eb
              .selectFrom('park_transitions')
              .select((e) => e.fn.max('at').as('at'))
              .where('park_key', '=', parkKey)
              .where('at', '<', from),
            eb.val(from),
          ),
        ),
      )
      .orderBy('at')
      .execute();
    return rows.map(toParkTransition);
  }

  async checkpoints(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('ingest_checkpoints').selectAll().execute();
    return new Map(rows.map((row) => [row.park_key, toEpochMs(row.at)]));
  }

  /** Destroys Kysely, which closes the driver's database (the better-sqlite3 handle, the pg pool). */
  async close(): Promise<void> {
    await this.db.destroy();
  }

  /**
   * Outages with the status recorded just before each and the one at its end. Each is one seek on
   * the (ride_id, at) index: ingest records the ending status at the instant it ends the outage.
   */
  private outagesWithStatuses() {
    return this.db
      .selectFrom('outages as o')
      .selectAll('o')
      .select((eb) => [
        eb
          .selectFrom('wait_changes as w')
          .select('w.status')
          .whereRef('w.ride_id', '=', 'o.ride_id')
          .whereRef('w.at', '<', 'o.started_at')
          .orderBy('w.at', 'desc')
          .limit(1)
          .as('status_before'),
        eb
          .selectFrom('wait_changes as w')
          .select('w.status')
          .whereRef('w.ride_id', '=', 'o.ride_id')
          .whereRef('w.at', '=', 'o.ended_at')
          .as('ended_status'),
      ]);
  }

  /** Outages overlapping [from, to): started before `to`, and still open or ended after `from`. */
  private overlappingOutages(from: number, to: number) {
    return this.db
      .selectFrom('outages')
      .selectAll()
      .where('started_at', '<', to)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', from)]))
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc');
  }
}

function isEmpty(batch: IngestBatch): boolean {
  return (
    batch.changes.length === 0 &&
    batch.openedOutages.length === 0 &&
    batch.endedOutages.length === 0 &&
    batch.transitions.length === 0 &&
    batch.checkpoints.length === 0
  );
}

async function insertOutages(trx: Trx, batch: IngestBatch): Promise<void> {
  for (const slice of chunks(batch.openedOutages, rowsPerInsert(4))) {
    await trx
      .insertInto('outages')
      .values(
        slice.map((outage) => ({
          ride_id: outage.ride_id,
          park_key: outage.park_key,
          status: outage.status,
          started_at: outage.started_at,
        })),
      )
      .execute();
  }
}

/**
 * Ends outages by ride and start, so one batch can hold several outages of a ride (catch-up batches
 * span a day) and ending one never touches another open outage of the same ride.
 */
async function endOutages(trx: Trx, batch: IngestBatch): Promise<void> {
  for (const end of batch.endedOutages) {
    await trx
      .updateTable('outages')
      .set({ ended_at: end.ended_at })
      .where('ride_id', '=', end.ride_id)
      .where('started_at', '=', end.started_at)
      .where('ended_at', 'is', null)
      .execute();
  }
}

async function insertTransitions(trx: Trx, batch: IngestBatch): Promise<void> {
  for (const slice of chunks(batch.transitions, rowsPerInsert(3))) {
    await trx
      .insertInto('park_transitions')
      .values(slice.map((t) => ({ park_key: t.park_key, at: t.at, state: t.state })))
      .execute();
  }
}

async function upsertCheckpoints(trx: Trx, batch: IngestBatch): Promise<void> {
  // One row per park (the batch's last word wins): PostgreSQL refuses an upsert that touches the
  // same row twice in one statement.
  const latest = new Map(batch.checkpoints.map((c) => [c.park_key, c.at]));
  if (latest.size === 0) return;
  await trx
    .insertInto('ingest_checkpoints')
    .values([...latest].map(([park_key, at]) => ({ park_key, at })))
    .onConflict((oc) => oc.column('park_key').doUpdateSet((eb) => ({ at: eb.ref('excluded.at') })))
    .execute();
}
