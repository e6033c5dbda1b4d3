/** A benchmark result row, the helpers that judge it against its goal, and the table `npm run bench` prints. */
export interface Row {
  readonly name: string;
  /** null when the row was not measured (a feature not built yet). */
  readonly value: number | null;
  readonly unit: string;
  /** The same measurement of the bare reference implementation in the same run. */
  readonly baseline: number | null;
  /** value / baseline. */
  readonly ratio: number | null;
  readonly goal: string;
  /** null when the row has no goal (a reference figure) or was not measured. */
  readonly met: boolean | null;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const digitsFor = (value: number) => (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);

function row(
  name: string,
  unit: string,
  value: number,
  baseline: number,
  goal: string,
  met: boolean | null,
): Row {
  return {
    name,
    value: round(value, digitsFor(value)),
    unit,
    baseline: round(baseline, digitsFor(baseline)),
    ratio: baseline === 0 ? null : round(value / baseline, 2),
    goal,
    met,
  };
}

/** More is better: at least `factor` × the baseline. */
export function atLeastTimes(
  name: string,
  unit: string,
  value: number,
  baseline: number,
  factor: number,
): Row {
  return row(name, unit, value, baseline, `≥ ${factor}× baseline`, value >= factor * baseline);
}

/** Less is better: at most `factor` × the baseline. */
export function atMostTimes(
  name: string,
  unit: string,
  value: number,
  baseline: number,
  factor: number,
): Row {
  return row(name, unit, value, baseline, `≤ ${factor}× baseline`, value <= factor * baseline);
}

/** An absolute ceiling (the baseline is shown for scale). */
export function atMost(name: string, unit: string, value: number, baseline: number, limit: number): Row {
  return row(name, unit, value, baseline, `≤ ${limit} ${unit}`, value <= limit);
}

/** A strict absolute ceiling: under `limit`. */
export function under(name: string, unit: string, value: number, baseline: number, limit: number): Row {
  return row(name, unit, value, baseline, `< ${limit} ${unit}`, value < limit);
}

/** A count that must be zero. */
export function none(name: string, unit: string, value: number, baseline: number): Row {
  return { ...row(name, unit, value, baseline, '0', value === 0), ratio: null };
}

/** A figure shown for explanation, with no goal of its own. */
export function reference(name: string, unit: string, value: number, baseline: number): Row {
  return row(name, unit, value, baseline, 'none (reference)', null);
}

/** A row the issue asks for whose feature is not built yet. */
export function notBuilt(name: string): Row {
  return {
    name,
    value: null,
    unit: '',
    baseline: null,
    ratio: null,
    goal: 'not built yet: skipped',
    met: null,
  };
}

const COLUMNS = ['name', 'value', 'unit', 'baseline', 'ratio', 'goal', 'met'] as const;

function cell(row: Row, column: (typeof COLUMNS)[number]): string {
  const value = row[column];
  if (column === 'met') return value === null ? '-' : value ? 'yes' : 'NO';
  if (value === null) return '-';
  return typeof value === 'number'
    ? value.toLocaleString('en-US', { maximumFractionDigits: 2 })
    : String(value);
}

/** A Markdown table (readable as plain text too), numbers right-aligned. */
export function renderTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => COLUMNS.map((column) => cell(row, column)));
  const widths = COLUMNS.map((column, i) =>
    Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0)),
  );
  const numeric = new Set<string>(['value', 'baseline', 'ratio']);
  const line = (values: readonly string[]) =>
    `| ${values
      .map((value, i) => {
        const width = widths[i] ?? 0;
        return numeric.has(COLUMNS[i] ?? '') ? value.padStart(width) : value.padEnd(width);
      })
      .join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (numeric.has(COLUMNS[i] ?? '') ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(COLUMNS), rule, ...cells.map(line)].join('\n');
}
