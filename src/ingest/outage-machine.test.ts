import { describe, expect, it } from 'vitest';
import { stepOutage } from './outage-machine.js';

const T = Date.parse('2026-11-21T15:00:00Z');
const open = { status: 'DOWN', started_at: T - 600_000 };

describe('stepOutage (SPEC "Outage" table)', () => {
  it.each(['DOWN', 'BRIEF_DELAY', 'WEATHER_DELAY'] as const)(
    'opens an outage on the first %s report',
    (status) => {
      expect(stepOutage(undefined, status, T)).toEqual({ kind: 'opened', status, started_at: T });
    },
  );

  it.each(['OPERATING', 'CLOSED', 'REFURBISHMENT'] as const)('opens nothing on %s', (status) => {
    expect(stepOutage(undefined, status, T)).toEqual({ kind: 'none' });
  });

  it.each(['DOWN', 'BRIEF_DELAY', 'WEATHER_DELAY'] as const)(
    'keeps an open outage on a further %s report',
    (status) => {
      expect(stepOutage(open, status, T)).toEqual({ kind: 'continues' });
    },
  );

  it.each(['OPERATING', 'CLOSED', 'REFURBISHMENT'] as const)(
    'ends an open outage on %s, recording the end',
    (status) => {
      expect(stepOutage(open, status, T)).toEqual({ kind: 'ended', ended_at: T });
    },
  );

  it('treats silence (unavailable) as no report: it neither opens nor ends an outage', () => {
    expect(stepOutage(undefined, 'unavailable', T)).toEqual({ kind: 'none' });
    expect(stepOutage(open, 'unavailable', T)).toEqual({ kind: 'continues' });
  });

  it('keeps an outage open across midnight: only a status ends it, not the date', () => {
    const lateNight = { status: 'DOWN', started_at: Date.parse('2026-11-21T04:30:00Z') };
    const nextMorning = Date.parse('2026-11-21T13:00:00Z');
    expect(stepOutage(lateNight, 'DOWN', nextMorning)).toEqual({ kind: 'continues' });
    expect(stepOutage(lateNight, 'OPERATING', nextMorning + 60_000)).toEqual({
      kind: 'ended',
      ended_at: nextMorning + 60_000,
    });
  });
});
