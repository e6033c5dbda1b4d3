import { describe, expect, it } from 'vitest';
import { localDate } from './time.js';

describe('localDate', () => {
  it('follows the zone across midnight, back in time and over a DST change', () => {
    const zone = 'America/New_York';
    // 2026-11-01 is the fall-back day: 25 hours long in New York.
    const at = (iso: string) => Date.parse(iso);
    expect(localDate(at('2026-11-01T03:59:59Z'), zone)).toBe('2026-10-31');
    expect(localDate(at('2026-11-01T04:00:00Z'), zone)).toBe('2026-11-01');
    expect(localDate(at('2026-11-02T04:59:59Z'), zone)).toBe('2026-11-01');
    expect(localDate(at('2026-11-02T05:00:00Z'), zone)).toBe('2026-11-02');
    expect(localDate(at('2026-10-31T12:00:00Z'), zone)).toBe('2026-10-31');
    expect(localDate(at('2026-11-02T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
  });
});
