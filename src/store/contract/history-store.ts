/**
 * The behaviour every HistoryStore driver must show, as one vitest suite. Each driver's test file
 * calls `describeHistoryStoreContract` with a function that opens a fresh, empty store; the suite
 * opens one per test and closes it afterwards.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryStore, IngestBatch, NewOutage, Outage, ParkTransition, WaitChange } from '../ports.js';

// Real epoch milliseconds (past 2^31), so a driver that truncates to 32 bits fails.
const T0 = Date.parse('2026-10-01T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** `T0` plus `minutes`. */
function t(minutes: number): number {
  return T0 + minutes * MINUTE;
}

function batch(parts: Partial<IngestBatch>): IngestBatch {
  return { changes: [], openedOutages: [], endedOutages: [], transitions: [], checkpoints: [], ...parts };
}

function change(
  ride_id: string,
  at: number,
  status = 'OPERATING',
  standby_wait_minutes: number | null = 10,
  park_key = parkOf(ride_id),
): WaitChange {
  return { ride_id, park_key, at, status, standby_wait_minutes };
}

function opened(ride_id: string, started_at: number, status = 'DOWN'): NewOutage {
  return { ride_id, park_key: parkOf(ride_id), status, started_at };
}

function transition(park_key: string, at: number, state: 'open' | 'closed'): ParkTransition {
  return { park_key, at, state };
}

/** Ride IDs in these tests are `<park>_<name>`, as in the catalog. */
function parkOf(rideId: string): string {
  return rideId.split('_')[0] ?? rideId;
}

/** An outage without its store-assigned id, for comparing. */
function withoutId(outage: Outage): Omit<Outage, 'id'> {
  return {
    ride_id: outage.ride_id,
    park_key: outage.park_key,
    status: outage.status,
    started_at: outage.started_at,
    ended_at: outage.ended_at,
  };
}

export function describeHistoryStoreContract(name: string, open: () => Promise<HistoryStore>): void {
  describe(`HistoryStore contract: ${name}`, () => {
    let store: HistoryStore;

    beforeEach(async () => {
      store = await open();
    });

    afterEach(async () => {
      await store.close();
    });

    describe('changes', () => {
      it('returns one ride’s changes with from <= at < to, oldest first', async () => {
        await store.apply(
          batch({
            changes: [
              change('mk_tron', t(20), 'OPERATING', 60),
              change('mk_tron', t(0), 'OPERATING', 40),
              change('mk_tron', t(10), 'DOWN', null),
              change('mk_tron', t(30), 'OPERATING', 70),
              change('mk_space', t(10), 'OPERATING', 25),
            ],
          }),
        );

        const rows = await store.changes('mk_tron', t(0), t(30));
        expect(rows).toEqual([
          change('mk_tron', t(0), 'OPERATING', 40),
          change('mk_tron', t(10), 'DOWN', null),
          change('mk_tron', t(20), 'OPERATING', 60),
        ]);
        expect(await store.changes('mk_tron', t(0) + 1, t(10) + 1)).toEqual([
          change('mk_tron', t(10), 'DOWN', null),
        ]);
        expect(await store.changes('mk_tron', t(40), t(50))).toEqual([]);
        expect(await store.changes('mk_nothing', t(0), t(50))).toEqual([]);
      });

      it('keeps rows of every status, including unavailable with no wait', async () => {
        await store.apply(batch({ changes: [change('mk_tron', t(0), 'unavailable', null)] }));
        expect(await store.changes('mk_tron', t(0), t(1))).toEqual([
          change('mk_tron', t(0), 'unavailable', null),
        ]);
      });

      it('writes batches larger than one multi-row insert', async () => {
        const many = Array.from({ length: 1234 }, (_, i) =>
          change(`mk_ride${i % 7}`, t(i), 'OPERATING', i % 120),
        );
        await store.apply(batch({ changes: many }));
        expect(await store.parkChanges('mk', t(0), t(1234))).toHaveLength(1234);
        expect(await store.changes('mk_ride3', t(0), t(1234))).toEqual(
          many.filter((c) => c.ride_id === 'mk_ride3'),
        );
      });
    });

    describe('parkChanges', () => {
      it('returns every ride of one park with from <= at < to, oldest first', async () => {
        await store.apply(
          batch({
            changes: [
              change('mk_tron', t(10)),
              change('mk_space', t(5)),
              change('mk_space', t(20)),
              change('ep_frozen', t(7)),
              change('mk_tron', t(30)),
            ],
          }),
        );
        const rows = await store.parkChanges('mk', t(5), t(30));
        expect(rows.map((r) => [r.ride_id, r.at])).toEqual([
          ['mk_space', t(5)],
          ['mk_tron', t(10)],
          ['mk_space', t(20)],
        ]);
        expect(await store.parkChanges('ep', t(0), t(60))).toEqual([change('ep_frozen', t(7))]);
      });
    });

    describe('latestChanges', () => {
      it('returns the last change of each ride at or before the time', async () => {
        await store.apply(
          batch({
            changes: [
              change('mk_tron', t(0), 'OPERATING', 40),
              change('mk_tron', t(10), 'DOWN', null),
              change('mk_tron', t(20), 'OPERATING', 60),
              change('mk_space', t(5), 'OPERATING', 25),
              change('mk_late', t(15), 'OPERATING', 5),
              change('ep_frozen', t(1), 'OPERATING', 30),
            ],
          }),
        );
        const latest = await store.latestChanges('mk', t(10));
        expect([...latest].sort((a, b) => a.ride_id.localeCompare(b.ride_id))).toEqual([
          change('mk_space', t(5), 'OPERATING', 25),
          change('mk_tron', t(10), 'DOWN', null),
        ]);
        expect(await store.latestChanges('mk', t(0) - 1)).toEqual([]);
        expect(await store.latestChanges('ep', t(100))).toEqual([change('ep_frozen', t(1), 'OPERATING', 30)]);
      });
    });

    describe('outages', () => {
      it('opens outages and lists the open ones of a park', async () => {
        await store.apply(
          batch({
            openedOutages: [
              opened('mk_tron', t(0)),
              opened('mk_space', t(5), 'WEATHER_DELAY'),
              opened('ep_frozen', t(1)),
            ],
          }),
        );
        const open = await store.openOutages('mk');
        expect(open.map(withoutId)).toEqual([
          { ride_id: 'mk_space', park_key: 'mk', status: 'WEATHER_DELAY', started_at: t(5), ended_at: null },
          { ride_id: 'mk_tron', park_key: 'mk', status: 'DOWN', started_at: t(0), ended_at: null },
        ]);
        expect(new Set(open.map((o) => o.id)).size).toBe(2);
        expect(await store.openOutages('ak')).toEqual([]);
      });

      it('ends a ride’s open outage at the given time', async () => {
        await store.apply(batch({ openedOutages: [opened('mk_tron', t(0)), opened('mk_space', t(1))] }));
        await store.apply(
          batch({ endedOutages: [{ ride_id: 'mk_tron', started_at: t(0), ended_at: t(30) }] }),
        );

        expect((await store.openOutages('mk')).map((o) => o.ride_id)).toEqual(['mk_space']);
        const [ended] = await store.rideOutages('mk_tron', t(0), t(60));
        expect(ended && withoutId(ended)).toEqual({
          ride_id: 'mk_tron',
          park_key: 'mk',
          status: 'DOWN',
          started_at: t(0),
          ended_at: t(30),
        });
      });

      it('ends only the outage named by its start, never another open one of the same ride', async () => {
        await store.apply(batch({ openedOutages: [opened('mk_tron', t(-90)), opened('mk_tron', t(0))] }));
        await store.apply(
          batch({ endedOutages: [{ ride_id: 'mk_tron', started_at: t(-90), ended_at: t(-60) }] }),
        );
        expect((await store.openOutages('mk')).map((o) => o.started_at)).toEqual([t(0)]);
      });

      it('tells when a park was first recorded', async () => {
        expect(await store.firstChangeAt('mk')).toBeUndefined();
        await store.apply(
          batch({ changes: [change('mk_tron', t(20)), change('mk_space', t(5)), change('ep_x', t(1))] }),
        );
        expect(await store.firstChangeAt('mk')).toBe(t(5));
      });

      it('does not touch outages that already ended', async () => {
        await store.apply(batch({ openedOutages: [opened('mk_tron', t(0))] }));
        await store.apply(
          batch({ endedOutages: [{ ride_id: 'mk_tron', started_at: t(0), ended_at: t(10) }] }),
        );
        await store.apply(
          batch({ endedOutages: [{ ride_id: 'mk_tron', started_at: t(0), ended_at: t(20) }] }),
        );
        expect((await store.rideOutages('mk_tron', t(0), t(60))).map((o) => o.ended_at)).toEqual([t(10)]);
      });

      it('handles several outages of one ride in one batch (a backfill hour)', async () => {
        // Open from an earlier batch; this batch ends it, opens one and ends it, and opens another.
        await store.apply(batch({ openedOutages: [opened('mk_tron', t(-30))] }));
        await store.apply(
          batch({
            openedOutages: [opened('mk_tron', t(15)), opened('mk_tron', t(40), 'BRIEF_DELAY')],
            endedOutages: [
              { ride_id: 'mk_tron', started_at: t(15), ended_at: t(25) },
              { ride_id: 'mk_tron', started_at: t(-30), ended_at: t(5) },
            ],
          }),
        );
        const outages = await store.rideOutages('mk_tron', t(-60), t(60));
        expect(outages.map((o) => [o.started_at, o.ended_at, o.status])).toEqual([
          [t(40), null, 'BRIEF_DELAY'],
          [t(15), t(25), 'DOWN'],
          [t(-30), t(5), 'DOWN'],
        ]);
        expect((await store.openOutages('mk')).map((o) => o.started_at)).toEqual([t(40)]);
      });

      it('lists outages overlapping [from, to), newest start first', async () => {
        const from = T0;
        const to = T0 + DAY;
        await store.apply(
          batch({
            openedOutages: [
              opened('mk_yesterday', from - DAY / 2), // started yesterday, still open: shows today
              opened('mk_endedbefore', from - 60 * MINUTE), // ended before from: not today
              opened('mk_endedatfrom', from - 30 * MINUTE), // ended exactly at from: not today
              opened('mk_spans', from - 10 * MINUTE), // ended just after from: today
              opened('mk_atfrom', from), // started exactly at from: today
              opened('mk_inside', from + 60 * MINUTE), // started and ended today
              opened('mk_lastms', to - 1), // started in the last millisecond: today
              opened('mk_atto', to), // started exactly at to: not today
              opened('ep_other', from + 5 * MINUTE), // another park
            ],
          }),
        );
        await store.apply(
          batch({
            endedOutages: [
              { ride_id: 'mk_endedbefore', started_at: from - 60 * MINUTE, ended_at: from - 1 },
              { ride_id: 'mk_endedatfrom', started_at: from - 30 * MINUTE, ended_at: from },
              { ride_id: 'mk_spans', started_at: from - 10 * MINUTE, ended_at: from + 1 },
              { ride_id: 'mk_inside', started_at: from + 60 * MINUTE, ended_at: from + 90 * MINUTE },
            ],
          }),
        );

        const park = await store.parkOutages('mk', from, to);
        expect(park.map((o) => o.ride_id)).toEqual([
          'mk_lastms',
          'mk_inside',
          'mk_atfrom',
          'mk_spans',
          'mk_yesterday',
        ]);
        expect((await store.rideOutages('mk_yesterday', from, to)).map((o) => o.started_at)).toEqual([
          from - DAY / 2,
        ]);
        expect(await store.rideOutages('mk_endedbefore', from, to)).toEqual([]);
        expect(await store.rideOutages('mk_endedatfrom', from, to)).toEqual([]);
        expect(await store.rideOutages('mk_atto', from, to)).toEqual([]);
        expect((await store.rideOutages('mk_atto', to, to + DAY)).map((o) => o.ride_id)).toEqual(['mk_atto']);
        expect((await store.parkOutages('ep', from, to)).map((o) => o.ride_id)).toEqual(['ep_other']);
      });

      it('records outages started in [from, to) oldest first, and open ones, with the statuses around them', async () => {
        await store.apply(
          batch({
            changes: [
              change('mk_tron', t(-120), 'CLOSED', null),
              // Down at opening, back at t(20).
              change('mk_tron', t(0), 'DOWN', null),
              change('mk_tron', t(20), 'OPERATING', 15),
              // A stop during the day that switched status, then ran into closing.
              change('mk_tron', t(40), 'BRIEF_DELAY', null),
              change('mk_tron', t(45), 'DOWN', null),
              change('mk_tron', t(90), 'CLOSED', null),
              // Still down, nothing recorded before it.
              change('mk_space', t(30), 'WEATHER_DELAY', null),
              // Another park, and one of this park outside the range.
              change('ep_frozen', t(10), 'DOWN', null),
              change('mk_jungle', t(-300), 'DOWN', null),
            ],
            openedOutages: [
              opened('mk_tron', t(0)),
              opened('mk_tron', t(40), 'BRIEF_DELAY'),
              opened('mk_space', t(30), 'WEATHER_DELAY'),
              opened('ep_frozen', t(10)),
              opened('mk_jungle', t(-300)),
            ],
            endedOutages: [
              { ride_id: 'mk_tron', started_at: t(0), ended_at: t(20) },
              { ride_id: 'mk_tron', started_at: t(40), ended_at: t(90) },
            ],
          }),
        );
        const records = await store.outageRecords('mk', t(-10), t(60));
        expect(records.map(({ id: _id, ...rest }) => rest)).toEqual([
          {
            ride_id: 'mk_tron',
            park_key: 'mk',
            status: 'DOWN',
            started_at: t(0),
            ended_at: t(20),
            status_before: 'CLOSED',
            ended_status: 'OPERATING',
          },
          {
            ride_id: 'mk_space',
            park_key: 'mk',
            status: 'WEATHER_DELAY',
            started_at: t(30),
            ended_at: null,
            status_before: null,
            ended_status: null,
          },
          {
            ride_id: 'mk_tron',
            park_key: 'mk',
            status: 'BRIEF_DELAY',
            started_at: t(40),
            ended_at: t(90),
            status_before: 'OPERATING',
            ended_status: 'CLOSED',
          },
        ]);
        expect(await store.outageRecords('mk', t(60), t(120))).toEqual([]);
        // The open ones, newest first, carry the status before them too.
        const open = await store.openOutages('mk');
        expect(open.map((o) => [o.ride_id, o.status_before, o.ended_status])).toEqual([
          ['mk_space', null, null],
          ['mk_jungle', null, null],
        ]);
        await store.apply(batch({ changes: [change('mk_tron', t(100), 'CLOSED', null)] }));
        await store.apply(
          batch({
            changes: [change('mk_tron', t(200), 'DOWN', null)],
            openedOutages: [opened('mk_tron', t(200))],
          }),
        );
        expect((await store.openOutages('mk'))[0]).toMatchObject({
          ride_id: 'mk_tron',
          status_before: 'CLOSED',
          ended_status: null,
        });
      });
    });

    describe('transitions', () => {
      it('returns transitions in [from, to) oldest first, plus the last one before from', async () => {
        await store.apply(
          batch({
            transitions: [
              transition('mk', t(-600), 'open'),
              transition('mk', t(-100), 'closed'),
              transition('mk', t(-50), 'open'),
              transition('mk', t(0), 'closed'),
              transition('mk', t(30), 'open'),
              transition('mk', t(60), 'closed'),
              transition('ep', t(10), 'open'),
            ],
          }),
        );
        expect(await store.transitions('mk', t(-10), t(60))).toEqual([
          transition('mk', t(-50), 'open'),
          transition('mk', t(0), 'closed'),
          transition('mk', t(30), 'open'),
        ]);
        // A transition exactly at from is in range; the one before it comes along.
        expect(await store.transitions('mk', t(0), t(1))).toEqual([
          transition('mk', t(-50), 'open'),
          transition('mk', t(0), 'closed'),
        ]);
        // Nothing in range: the last transition still says whether the park was open at from.
        expect(await store.transitions('mk', t(100), t(200))).toEqual([transition('mk', t(60), 'closed')]);
      });

      it('returns only the range when nothing precedes it', async () => {
        await store.apply(
          batch({ transitions: [transition('ep', t(10), 'open'), transition('ep', t(20), 'closed')] }),
        );
        expect(await store.transitions('ep', t(0), t(15))).toEqual([transition('ep', t(10), 'open')]);
        expect(await store.transitions('ep', t(0), t(5))).toEqual([]);
        expect(await store.transitions('ak', t(0), t(50))).toEqual([]);
      });
    });

    describe('checkpoints', () => {
      it('starts empty and keeps the latest checkpoint per park', async () => {
        expect(await store.checkpoints()).toEqual(new Map());
        await store.apply(
          batch({
            checkpoints: [
              { park_key: 'mk', at: t(0) },
              { park_key: 'ep', at: t(1) },
            ],
          }),
        );
        await store.apply(batch({ checkpoints: [{ park_key: 'mk', at: t(5) }] }));
        expect(await store.checkpoints()).toEqual(
          new Map([
            ['mk', t(5)],
            ['ep', t(1)],
          ]),
        );
      });

      it('takes the last checkpoint of a park when a batch names it twice', async () => {
        await store.apply(
          batch({
            checkpoints: [
              { park_key: 'mk', at: t(1) },
              { park_key: 'mk', at: t(2) },
            ],
          }),
        );
        expect(await store.checkpoints()).toEqual(new Map([['mk', t(2)]]));
      });
    });

    describe('apply', () => {
      it('accepts an empty batch', async () => {
        await store.apply(batch({}));
        expect(await store.checkpoints()).toEqual(new Map());
      });

      it('writes nothing from a batch that fails part-way, and stays usable', async () => {
        await store.apply(
          batch({
            openedOutages: [opened('mk_tron', t(0))],
            transitions: [transition('mk', t(0), 'open')],
            checkpoints: [{ park_key: 'mk', at: t(0) }],
          }),
        );

        // Everything before the transitions is valid; the repeated transition (one park cannot
        // open twice at one instant) fails the batch after the other writes have run.
        const failing = batch({
          changes: [change('mk_tron', t(10), 'OPERATING', 45), change('mk_space', t(10))],
          openedOutages: [opened('mk_space', t(5))],
          endedOutages: [{ ride_id: 'mk_tron', started_at: t(0), ended_at: t(10) }],
          transitions: [transition('mk', t(0), 'closed')],
          checkpoints: [{ park_key: 'mk', at: t(10) }],
        });
        await expect(store.apply(failing)).rejects.toThrow();

        expect(await store.parkChanges('mk', t(-60), t(60))).toEqual([]);
        expect((await store.openOutages('mk')).map(withoutId)).toEqual([
          { ride_id: 'mk_tron', park_key: 'mk', status: 'DOWN', started_at: t(0), ended_at: null },
        ]);
        expect(await store.transitions('mk', t(-60), t(60))).toEqual([transition('mk', t(0), 'open')]);
        expect(await store.checkpoints()).toEqual(new Map([['mk', t(0)]]));

        await store.apply(batch({ ...failing, transitions: [transition('mk', t(10), 'closed')] }));
        expect(await store.parkChanges('mk', t(-60), t(60))).toHaveLength(2);
        expect(await store.checkpoints()).toEqual(new Map([['mk', t(10)]]));
      });

      it('rejects a second change of one ride at the same instant, writing nothing', async () => {
        await expect(
          store.apply(
            batch({ changes: [change('mk_tron', t(0)), change('mk_space', t(0)), change('mk_tron', t(0))] }),
          ),
        ).rejects.toThrow();
        expect(await store.parkChanges('mk', t(-1), t(1))).toEqual([]);
      });
    });
  });
}
