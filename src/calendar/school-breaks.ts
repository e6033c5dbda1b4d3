/**
 * US school breaks, which follow the school year around the holidays: winter break, spring break
 * around Easter, summer, Thanksgiving week.
 */
import { calendarDateOf } from '../lib/day-numbers.js';
import { holidaysOf } from './holidays.js';

/** The school break a day falls in, or null. */
export function schoolBreakOf(day: number): string | null {
  const { year } = calendarDateOf(day);
  const h = holidaysOf(year);
  const previous = holidaysOf(year - 1);
  if (day >= h.christmas - 5 || day <= previous.christmas + 9) return 'winter break';
  if (day >= h.easter - 9 && day <= h.easter + 7) return 'spring break';
  if (day >= h.memorial + 4 && day <= h.labor - 28) return 'summer break';
  if (day >= h.thanksgiving - 4 && day <= h.thanksgiving + 3) return 'Thanksgiving week';
  return null;
}
