/**
 * The statistics the models, the backtest and the simulator's realism report share: medians,
 * quantiles, means and a correlation. Pure: no clock, no I/O.
 */

/**
 * `values` in ascending order. The models sort thousands of arrays a fit: a typed array sorts
 * natively, where a comparator's every answer is a number allocated on the heap, so the collector
 * runs far more often. The comparator's order is kept for values a typed array orders otherwise
 * (NaN, which the comparator leaves where it finds it, and -0, which it counts equal to 0).
 */
function sortedAscending(values: readonly number[]): ArrayLike<number> {
  for (const value of values)
    if (Number.isNaN(value) || (value === 0 && 1 / value < 0)) return [...values].sort((a, b) => a - b);
  return Float64Array.from(values).sort();
}

/** The middle value (the mean of the two middle values for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = sortedAscending(values);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The q-quantile (0-1) by linear interpolation; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = sortedAscending(values);
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const lowValue = sorted[low] ?? Number.NaN;
  return lowValue + ((sorted[high] ?? lowValue) - lowValue) * (position - low);
}

/** The value below which a share `q` of the total weight lies. */
export function weightedQuantile(values: Float64Array, weights: Float64Array, q: number): number {
  const order = Array.from(values.keys()).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  let total = 0;
  for (const weight of weights) total += weight;
  let cumulative = 0;
  for (const index of order) {
    cumulative += weights[index] ?? 0;
    if (cumulative >= q * total) return values[index] ?? Number.NaN;
  }
  return values[order.at(-1) ?? 0] ?? Number.NaN;
}

/** The mean of the finite values; NaN when there are none. */
export function meanOfFinite(values: readonly number[]): number {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    sum += value;
    count++;
  }
  return count > 0 ? sum / count : Number.NaN;
}

/** exp(mean(log values)): the average of ratios. */
export function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
}

/**
 * Pearson's correlation of two equally long series; 0 with fewer than three pairs or when either
 * series is constant (nothing to correlate).
 */
export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 3) return 0;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sumXY = 0;
  let sumXX = 0;
  let sumYY = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - meanX;
    const dy = (ys[i] ?? 0) - meanY;
    sumXY += dx * dy;
    sumXX += dx * dx;
    sumYY += dy * dy;
  }
  return sumXX > 0 && sumYY > 0 ? sumXY / Math.sqrt(sumXX * sumYY) : 0;
}
