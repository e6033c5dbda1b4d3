import { describe, expect, it } from 'vitest';
import { OUTAGE_STATUSES } from '../types.js';
import { createSimulatedFeeds, Simulator } from './index.js';
import { instantOfLocal } from './local-time.js';
import { catalog, must, park, sim } from './test-fixtures.js';

const mk = park('magic-kingdom');

describe('simulator determinism', () => {
  const instants = [
    instantOfLocal(mk.time_zone, '2026-11-21', '13:07'),
    instantOfLocal(mk.time_zone, '2026-10-03', '09:31'),
    instantOfLocal(mk.time_zone, '2026-12-28', '22:45'),
  ];

  it('gives deep-equal data for the same seed and time, whatever was asked before', () => {
    const first = new Simulator(catalog, { seed: 7 });
    const second = new Simulator(catalog, { seed: 7 });
    // Warm the second instance's caches in another order and on other days first.
    for (const p of catalog.parks) second.simulateLiveQueues(p, must(instants[2]) + 86_400_000 * 3);
    for (const p of catalog.parks) {
      for (const at of [...instants].reverse()) {
        expect(second.simulateLiveQueues(p, at)).toEqual(first.simulateLiveQueues(p, at));
        expect(second.simulatePriorityPrices(p, '2026-11-21', at)).toEqual(
          first.simulatePriorityPrices(p, '2026-11-21', at),
        );
      }
      expect(second.simulateSchedule(p, '2026-12-24')).toEqual(first.simulateSchedule(p, '2026-12-24'));
    }
  });

  it('gives different data for a different seed', () => {
    const a = new Simulator(catalog, { seed: 1 });
    const b = new Simulator(catalog, { seed: 2 });
    const at = must(instants[0]);
    const waits = (s: Simulator) => s.simulateLiveQueues(mk, at).entries.map((e) => e.standby_wait_minutes);
    expect(waits(a)).not.toEqual(waits(b));
  });

  it('is piecewise constant over whole minutes', () => {
    for (const p of catalog.parks) {
      const minute = instantOfLocal(p.time_zone, '2026-11-21', '14:23');
      const reading = sim.simulateLiveQueues(p, minute).entries;
      expect(sim.simulateLiveQueues(p, minute + 30_000).entries).toEqual(reading);
      expect(sim.simulateLiveQueues(p, minute + 59_999).entries).toEqual(reading);
    }
  });
});

describe('live queues', () => {
  it('reports every queued ride as CLOSED, and nothing else, before the park opens', () => {
    for (const p of catalog.parks) {
      const reading = sim.simulateLiveQueues(p, instantOfLocal(p.time_zone, '2026-11-21', '05:00'));
      const rides = p.attractions.filter((a) => a.type === 'ride');
      expect(reading.entries.map((e) => e.ride_id).sort()).toEqual(rides.map((r) => r.id).sort());
      for (const e of reading.entries) {
        expect(['CLOSED', 'REFURBISHMENT']).toContain(e.status);
        expect(e.standby_wait_minutes).toBeNull();
        expect(e.return_windows).toEqual([]);
      }
      expect(reading.park_id).toBe(p.id);
    }
  });

  it('lists every queued ride while open, with null waits for rides not operating', () => {
    for (const p of catalog.parks) {
      const reading = sim.simulateLiveQueues(p, instantOfLocal(p.time_zone, '2026-11-21', '12:00'));
      const rides = p.attractions.filter((a) => a.type === 'ride').map((a) => a.id);
      expect(reading.entries.filter((e) => e.type === 'ride').map((e) => e.ride_id)).toEqual(rides);
      for (const e of reading.entries) {
        if (e.status !== 'OPERATING') expect(e.standby_wait_minutes).toBeNull();
        if (OUTAGE_STATUSES.has(e.status)) expect(e.single_rider_wait_minutes).toBeNull();
      }
    }
  });

  it('reports shows only during their run, with no posted wait', () => {
    const hea = 'magic-kingdom_happily-ever-after';
    const find = (time: string) =>
      sim
        .simulateLiveQueues(mk, instantOfLocal(mk.time_zone, '2026-12-28', time))
        .entries.find((e) => e.ride_id === hea);
    expect(find('12:00')).toBeUndefined();
    const evening = find('23:00');
    expect(evening?.status).toBe('OPERATING');
    expect(evening?.standby_wait_minutes).toBeNull();
  });

  it('reports meets with a posted wait during meet hours', () => {
    const reading = sim.simulateLiveQueues(mk, instantOfLocal(mk.time_zone, '2026-12-28', '13:00'));
    const meets = reading.entries.filter((e) => e.type === 'meet');
    expect(meets.length).toBeGreaterThan(0);
    for (const m of meets) expect(m.standby_wait_minutes).toBeGreaterThanOrEqual(5);
  });

  it('shows announced refurbishments all day', () => {
    const ioa = park('islands-of-adventure');
    const reading = sim.simulateLiveQueues(ioa, instantOfLocal(ioa.time_zone, '2026-11-21', '12:00'));
    const popeye = reading.entries.find(
      (e) => e.ride_id === 'islands-of-adventure_popeye-and-blutos-bilge-rat-barges',
    );
    expect(popeye?.status).toBe('REFURBISHMENT');
    expect(popeye?.standby_wait_minutes).toBeNull();
  });
});

describe('createSimulatedFeeds', () => {
  it('serves the same data through the async feed interfaces', async () => {
    const feeds = createSimulatedFeeds(catalog, { seed: 42 });
    const sim = new Simulator(catalog, { seed: 42 });
    const at = instantOfLocal(mk.time_zone, '2026-11-21', '15:00');
    expect(await feeds.liveQueues.readLiveQueues(mk, at)).toEqual(sim.simulateLiveQueues(mk, at));
    expect(await feeds.schedule.readSchedule(mk, '2026-11-22')).toEqual(
      sim.simulateSchedule(mk, '2026-11-22'),
    );
    expect(await feeds.priorityPrices.readPriorityPrices(mk, '2026-11-22', at)).toEqual(
      sim.simulatePriorityPrices(mk, '2026-11-22', at),
    );
    await expect(feeds.schedule.readSchedule(mk, '2026-02-30')).rejects.toThrow(RangeError);
  });
});
