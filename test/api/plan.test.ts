/**
 * `GET /v1/parks/{park}/plan` on the simulator: a plan valid against the served OpenAPI whose
 * steps follow one another in time, and every bad input a 400 `invalid_request` that says how to
 * fix it.
 */
import { describe, expect, it } from 'vitest';
import type { ParkPlanResponse } from '../../src/api/routes/parks/get-plan.js';
import { addDays } from '../../src/lib/time.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expectError, expectSuccess, receive } from '../support/expect-response.js';
import { SITE_URL } from '../support/server.js';
import { useServer } from '../support/suite.js';

// 06:00 in Orlando on Tuesday 2026-11-24: today's plan starts at the opening.
const clock = new ManualClock(Date.parse('2026-11-24T11:00:00Z'));
const ctx = useServer({ clock });
const TODAY = '2026-11-24';
const RIDES = [
  'space-mountain',
  'seven-dwarfs-mine-train',
  'peter-pans-flight',
  'big-thunder-mountain-railroad',
  'haunted-mansion',
  'pirates-of-the-caribbean',
];
const ATTRIBUTION = `${SITE_URL}/parks/magic-kingdom`;

async function get(path: string) {
  return receive<ParkPlanResponse>(await ctx.server.get(path));
}

async function refused(path: string, message: RegExp): Promise<string> {
  const received = await get(path);
  expectError(received, ctx.contract, path, { status: 400, code: 'invalid_request', message });
  return (received.body as unknown as { error: { message: string } }).error.message;
}

describe('GET /v1/parks/{park}/plan', () => {
  it('orders the rides into a plan the OpenAPI document accepts, each step after the last', async () => {
    const path = `/v1/parks/mk/plan?rides=${RIDES.join(',')}&date=${addDays(TODAY, 1)}`;
    const received = await get(path);
    expectSuccess(received, ctx.contract, path, { maxAge: 300, attributionUrl: ATTRIBUTION });
    const plan = received.body;
    expect(plan.park_key).toBe('magic-kingdom');
    expect(plan.basis).toBe('forecast');
    expect(plan.method).toBe('exact');
    const planned = [...plan.steps.map((s) => s.ride_id), ...plan.not_planned.map((n) => n.ride_id)];
    expect(planned.sort()).toEqual(RIDES.map((slug) => `magic-kingdom_${slug}`).sort());
    expect(plan.steps.length).toBeGreaterThan(0);
    let previous = Date.parse(plan.start_at);
    for (const step of plan.steps) {
      expect(Date.parse(step.arrive_at)).toBeGreaterThanOrEqual(previous);
      expect(Date.parse(step.join_at)).toBeGreaterThanOrEqual(Date.parse(step.arrive_at));
      expect(step.lower_bound).toBeLessThanOrEqual(step.predicted_wait_minutes);
      expect(step.upper_bound).toBeGreaterThanOrEqual(step.predicted_wait_minutes);
      previous = Date.parse(step.depart_at);
    }
    const waits = plan.steps.reduce((sum, step) => sum + step.predicted_wait_minutes, 0);
    expect(plan.totals.wait_minutes).toBeCloseTo(waits, 0);
    // Proven best: no baseline beats it, and it beats no lower bound.
    expect(plan.totals.wait_minutes).toBeLessThanOrEqual(plan.given_order_wait_minutes + 0.1);
    expect(plan.totals.wait_minutes).toBeLessThanOrEqual(plan.shortest_wait_now_wait_minutes + 0.1);
    expect(plan.lower_bound_wait_minutes).toBeLessThanOrEqual(plan.totals.wait_minutes + 0.1);
  });

  it('plans today from the live data before the opening, from the opening, every ride standby', async () => {
    const path = `/v1/parks/mk/plan?rides=${RIDES.join(',')}`;
    const received = await get(path);
    expectSuccess(received, ctx.contract, path, { maxAge: 5, attributionUrl: ATTRIBUTION });
    expect(received.body.date).toBe(TODAY);
    expect(received.body.basis).toBe('live');
    expect(received.body.not_planned.filter((n) => n.reason === 'closed')).toEqual([]);
    expect(Date.parse(received.body.start_at)).toBeGreaterThan(clock.now());
    expect(received.body.steps.every((step) => step.estimated_actual_wait_minutes === null)).toBe(true);
    // Before the opening no return window is on offer yet for the party to weigh.
    expect(received.body.steps.every((step) => step.priority_lane === null)).toBe(true);
  });

  it('rides a held return window inside it, leaves out what is done, and keeps to the break', async () => {
    const path = `/v1/parks/mk/plan?rides=${RIDES.join(',')}&done=haunted-mansion&return=space-mountain@10:00-11:00&break=12:00-13:00&pace=slow`;
    const received = await get(path);
    expectSuccess(received, ctx.contract, path, { maxAge: 5, attributionUrl: ATTRIBUTION });
    const ids = received.body.steps.map((step) => step.ride_id);
    expect(ids).not.toContain('magic-kingdom_haunted-mansion');
    const held = received.body.steps.find((step) => step.ride_id === 'magic-kingdom_space-mountain');
    expect(held?.via).toBe('return_window');
    expect(Date.parse(held?.join_at ?? '')).toBeGreaterThanOrEqual(Date.parse('2026-11-24T15:00:00Z'));
    expect(Date.parse(held?.join_at ?? '')).toBeLessThan(Date.parse('2026-11-24T16:00:00Z'));
    const breakStart = Date.parse('2026-11-24T17:00:00Z');
    const breakEnd = Date.parse('2026-11-24T18:00:00Z');
    for (const step of received.body.steps) {
      const overlaps = Date.parse(step.join_at) < breakEnd && Date.parse(step.depart_at) > breakStart;
      expect(overlaps, step.ride_id).toBe(false);
    }
  });

  it.each([
    [
      'an unknown ride',
      '?rides=space-mountain,not-a-ride',
      /"rides".*not-a-ride.*not one of the \d+ rides.*\/v1\/parks\/magic-kingdom\/rides/,
    ],
    [
      'a ride twice',
      '?rides=space-mountain,magic-kingdom_space-mountain',
      /second time; name each ride once/,
    ],
    ['a ride of another park', '?rides=space-mountain,test-track', /test-track.*not one of the \d+ rides of/],
    [
      '26 rides',
      `?rides=${Array.from({ length: 26 }, (_, i) => `ride-${i}`).join(',')}`,
      /got 26 rides.*1 to 25/,
    ],
    [
      'end before start',
      '?rides=space-mountain&start=14:00&end=10:00',
      /end \(10:00\) must be after start \(14:00\)/,
    ],
    [
      'a date past the horizon',
      `?rides=space-mountain&date=${addDays(TODAY, 30)}`,
      /date must be .*\(29 days ahead\)/,
    ],
    [
      'a malformed return',
      '?rides=space-mountain&return=space-mountain@10-11',
      /"return".*<ride>@HH:MM-HH:MM/,
    ],
    [
      'a return for a ride not planned',
      '?rides=space-mountain&return=haunted-mansion@10:00-11:00',
      /not among `rides`/,
    ],
    ['a malformed break', '?rides=space-mountain&break=13:00-12:00', /"break".*HH:MM-HH:MM/],
    ['an unknown pace', '?rides=space-mountain&pace=run', /"pace".*slow, normal, fast/],
    ['a malformed start', '?rides=space-mountain&start=9:00', /"start".*HH:MM/],
    ['no rides', '', /"rides".*required/],
  ])('refuses %s with 400 saying how to fix it', async (_case, query, message) => {
    await refused(`/v1/parks/mk/plan${query}`, message);
  });
});

describe('re-planning during the day', () => {
  it('starts now, from the ride where the party stands, without the rides already done', async () => {
    clock.set('2026-11-24T17:02:30Z');
    await ctx.server.app.ingest.refreshAll();
    const path = `/v1/parks/mk/plan?rides=${RIDES.join(',')}&done=haunted-mansion,space-mountain&from=peter-pans-flight`;
    const received = await get(path);
    expectSuccess(received, ctx.contract, path, { maxAge: 5, attributionUrl: ATTRIBUTION });
    const plan = received.body;
    expect(plan.basis).toBe('live');
    expect(plan.start_at).toBe('2026-11-24T17:02:00.000Z');
    const ids = [...plan.steps, ...plan.not_planned].map((entry) => entry.ride_id);
    expect(ids).not.toContain('magic-kingdom_haunted-mansion');
    expect(ids).not.toContain('magic-kingdom_space-mountain');
    expect(ids).toHaveLength(RIDES.length - 2);
    for (const step of plan.steps) expect(Date.parse(step.arrive_at)).toBeGreaterThan(clock.now());
  });
});
