/** Half-open time intervals `[start, end)` in epoch ms, and the arithmetic reliability needs. */
export type Interval = readonly [start: number, end: number];

/** Total length of the overlap of `interval` with a sorted, disjoint list of intervals. */
export function overlapWith(interval: Interval, intervals: readonly Interval[]): number {
  let total = 0;
  for (const [start, end] of intervals) {
    if (end <= interval[0]) continue;
    if (start >= interval[1]) break;
    total += Math.min(end, interval[1]) - Math.max(start, interval[0]);
  }
  return total;
}

export function totalLength(intervals: readonly Interval[]): number {
  return intervals.reduce((sum, [start, end]) => sum + (end - start), 0);
}

/**
 * The intervals a park was open within `[from, to)`, from its open/close transitions in time order
 * (the first one may precede `from`: it tells whether the park was open at `from`).
 */
export function openIntervals(
  transitions: readonly { readonly at: number; readonly state: 'open' | 'closed' }[],
  from: number,
  to: number,
): Interval[] {
  const intervals: Interval[] = [];
  let openedAt: number | undefined;
  for (const { at, state } of transitions) {
    if (state === 'open' && openedAt === undefined) openedAt = Math.max(at, from);
    if (state === 'closed' && openedAt !== undefined) {
      const end = Math.min(at, to);
      if (end > openedAt) intervals.push([openedAt, end]);
      openedAt = undefined;
    }
  }
  if (openedAt !== undefined && to > openedAt) intervals.push([openedAt, to]);
  return intervals;
}
