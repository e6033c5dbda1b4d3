/**
 * The CSV data files the models and the simulator are measured on (TouringPlans.com's recorded
 * waits and calendars), gzipped as `../shared` holds them or plain as the site serves its downloads.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** A data file's name without its `.csv.gz` or `.csv` ending (undefined for any other file). */
export function dataFileName(file: string): string | undefined {
  if (file.endsWith('.csv.gz')) return file.slice(0, -'.csv.gz'.length);
  if (file.endsWith('.csv')) return file.slice(0, -'.csv'.length);
  return undefined;
}

/** The path of `<name>.csv.gz` in `dir`, else of `<name>.csv`, else undefined. */
export function findDataFile(dir: string, name: string): string | undefined {
  return [`${name}.csv.gz`, `${name}.csv`].map((file) => join(dir, file)).find((path) => existsSync(path));
}

/** A data file's text, gunzipped when it ends in `.gz`, without the byte-order mark spreadsheets write. */
export function readDataText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8').replace(/^\uFEFF/, '');
}

/** Splits one CSV line, honouring double quotes (names contain commas and apostrophes). */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] ?? '';
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell.replace(/\r$/, ''));
  return cells;
}
