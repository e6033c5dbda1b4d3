/** A benchmark result row, and the table `npm run bench` prints. */
export interface Row {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The same measurement of the reference implementation in the same run. */
  readonly baseline: number;
  /** value / baseline. */
  readonly ratio: number;
  readonly goal: string;
  readonly met: boolean;
}

const COLUMNS = ['name', 'value', 'unit', 'baseline', 'ratio', 'goal', 'met'] as const;

export function renderTable(rows: readonly Row[]): string {
  const cells = rows.map((row) =>
    COLUMNS.map((column) => (column === 'met' ? (row.met ? 'yes' : 'NO') : String(row[column]))),
  );
  const widths = COLUMNS.map((column, i) =>
    Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0)),
  );
  const numeric = new Set<string>(['value', 'baseline', 'ratio']);
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => {
        const width = widths[i] ?? 0;
        return numeric.has(COLUMNS[i] ?? '') ? value.padStart(width) : value.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [line(COLUMNS), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
