import { describe, expect, it } from 'vitest';
import { isThunderstormAlert, lightningRisk } from './lightning-risk.js';

const quiet = {
  thunderstormObserved: false,
  thunderstormAlerts: 0,
  climate: 'central-florida',
  month: 1,
  hour: 14,
} as const;

describe('lightning risk', () => {
  it('is high while a thunderstorm is observed or a thunderstorm alert is in effect', () => {
    expect(lightningRisk({ ...quiet, thunderstormObserved: true })).toEqual({
      level: 'high',
      reasons: ['thunderstorm_observed'],
    });
    expect(lightningRisk({ ...quiet, thunderstormAlerts: 1 })).toEqual({
      level: 'high',
      reasons: ['thunderstorm_alert'],
    });
  });

  it('is moderate on a Florida summer afternoon, low in the morning and in California', () => {
    expect(lightningRisk({ ...quiet, month: 7, hour: 15 })).toEqual({
      level: 'moderate',
      reasons: ['storm_season_afternoon'],
    });
    expect(lightningRisk({ ...quiet, month: 7, hour: 9 }).level).toBe('low');
    expect(lightningRisk({ ...quiet, climate: 'southern-california', month: 7, hour: 15 }).level).toBe('low');
    expect(lightningRisk(quiet)).toEqual({ level: 'low', reasons: [] });
  });

  it('has no seasonal part where no thunder normals are known, only what is reported', () => {
    expect(lightningRisk({ ...quiet, climate: undefined, month: 7, hour: 15 })).toEqual({
      level: 'low',
      reasons: [],
    });
    expect(
      lightningRisk({ ...quiet, climate: undefined, month: 7, hour: 15, thunderstormAlerts: 1 }),
    ).toEqual({ level: 'high', reasons: ['thunderstorm_alert'] });
  });

  it('recognises thunderstorm alerts by type or headline', () => {
    expect(isThunderstormAlert({ event: 'Severe Thunderstorm Warning', headline: null })).toBe(true);
    expect(
      isThunderstormAlert({
        event: 'Special Weather Statement',
        headline: 'Strong thunderstorm near Bay Lake',
      }),
    ).toBe(true);
    expect(isThunderstormAlert({ event: 'Heat Advisory', headline: 'Heat index values up to 108' })).toBe(
      false,
    );
  });
});
