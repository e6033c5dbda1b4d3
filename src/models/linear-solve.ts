/** The small linear solve the models' regressions share. Pure. */
/**
 * Solves the small symmetric system `a x = b` (row-major `n × n`) by Gaussian elimination with
 * partial pivoting; a coefficient whose column is degenerate comes out 0 rather than infinite.
 */
export function solveLinear(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(m[row * n + col] ?? 0) > Math.abs(m[pivot * n + col] ?? 0)) pivot = row;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) {
        const t = m[col * n + k] ?? 0;
        m[col * n + k] = m[pivot * n + k] ?? 0;
        m[pivot * n + k] = t;
      }
      const t = x[col] ?? 0;
      x[col] = x[pivot] ?? 0;
      x[pivot] = t;
    }
    const diagonal = m[col * n + col] ?? 0;
    if (Math.abs(diagonal) < 1e-12) continue;
    for (let row = col + 1; row < n; row++) {
      const factor = (m[row * n + col] ?? 0) / diagonal;
      if (factor === 0) continue;
      for (let k = col; k < n; k++) m[row * n + k] = (m[row * n + k] ?? 0) - factor * (m[col * n + k] ?? 0);
      x[row] = (x[row] ?? 0) - factor * (x[col] ?? 0);
    }
  }
  for (let row = n - 1; row >= 0; row--) {
    let sum = x[row] ?? 0;
    for (let k = row + 1; k < n; k++) sum -= (m[row * n + k] ?? 0) * (x[k] ?? 0);
    const diagonal = m[row * n + row] ?? 0;
    x[row] = Math.abs(diagonal) < 1e-12 ? 0 : sum / diagonal;
  }
  return x;
}
