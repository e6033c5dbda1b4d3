/**
 * How the pages word when a down ride is expected back: in park time, as an estimate, and saying
 * so when the estimate runs into the park's closing.
 */
import type { ReopeningEstimate } from '../../services/reopening/index.js';
import { clockTime } from '../format.js';

/** The note under a table or line that shows estimates: what the range means. */
export const REOPENING_NOTE =
  'Expected back: an estimate from the recorded outages of this ride, rides like it and the park; 8 in 10 outages like it end within the range.';

/** `expected back around 2:35 PM (2:20 PM–3:10 PM)`, or why it may not reopen before closing. */
export function reopeningLabel(estimate: ReopeningEstimate, zone: string): string {
  const time = (at: number) => clockTime(at, zone);
  const closing = time(estimate.closing_at);
  if (estimate.expected_at >= estimate.closing_at) {
    return `not expected back before closing (${closing})`;
  }
  const range =
    estimate.latest_at >= estimate.closing_at
      ? `${time(estimate.earliest_at)} to closing at ${closing}`
      : `${time(estimate.earliest_at)}–${time(estimate.latest_at)}`;
  return `expected back around ${time(estimate.expected_at)} (${range})`;
}
