/**
 * Reads TouringPlans.com's recorded waits (data: TouringPlans.com; see the data set's README for the
 * licence): every `<attraction>.csv.gz` in a directory, plus `attractions_metadata.csv.gz` for the
 * park of each attraction when present. Only posted waits are kept; timed waits are a different
 * measure (they run well below posted) and sparse.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { HourlyHistoryBuilder, dayNumber, type RideHistory } from '../models/hourly-history.js';

export interface RecordedAttraction {
  /** The file's name without `.csv.gz`. */
  readonly attraction: string;
  /** The park from the metadata file, or `unknown` when the metadata has no row for it. */
  readonly park: string;
  readonly history: RideHistory;
}

const METADATA_FILES = new Set(['attractions_metadata.csv.gz', 'parks_metadata_raw.csv.gz']);

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

function readCsv(path: string): { header: string[]; rows: string[][] } {
  const lines = gunzipSync(readFileSync(path)).toString('utf8').split('\n');
  const header = splitCsvLine(lines[0] ?? '');
  const rows = lines
    .slice(1)
    .filter((line) => line.length > 0)
    .map(splitCsvLine);
  return { header, rows };
}

/** Attraction file name → park, from `attractions_metadata.csv.gz` (empty when absent). */
export function readAttractionParks(dir: string): Map<string, string> {
  const parks = new Map<string, string>();
  const path = join(dir, 'attractions_metadata.csv.gz');
  if (!existsSync(path)) return parks;
  const { header, rows } = readCsv(path);
  const nameColumn = header.indexOf('dataset_name');
  const parkColumn = header.indexOf('park');
  if (nameColumn < 0 || parkColumn < 0) return parks;
  for (const row of rows) {
    const name = row[nameColumn];
    const park = row[parkColumn];
    if (name && park) parks.set(name, park);
  }
  return parks;
}

/**
 * One attraction's posted waits as hourly means per park day. The hour comes from the reading's
 * clock time; a reading after midnight stays with its park day, as the file records it.
 */
export function readAttractionFile(path: string): RideHistory {
  const text = gunzipSync(readFileSync(path)).toString('utf8');
  const builder = new HourlyHistoryBuilder();
  let lineStart = text.indexOf('\n') + 1;
  const header = splitCsvLine(text.slice(0, lineStart - 1));
  const dateColumn = header.indexOf('park_date');
  const timeColumn = header.indexOf('wait_datetime');
  const postedColumn = header.indexOf('wait_minutes_posted');
  if (dateColumn < 0 || timeColumn < 0 || postedColumn < 0) {
    throw new Error(`${path}: expected the columns park_date, wait_datetime and wait_minutes_posted`);
  }
  const dayCache = new Map<string, number>();
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    lineStart = lineEnd + 1;
    if (line.length === 0) continue;
    const cells = line.includes('"') ? splitCsvLine(line) : line.split(',');
    const posted = cells[postedColumn]?.trim();
    if (!posted) continue;
    const date = cells[dateColumn] ?? '';
    const time = cells[timeColumn] ?? '';
    if (date.length < 10 || time.length < 13) continue;
    let day = dayCache.get(date);
    if (day === undefined) {
      day = dayNumber(date);
      dayCache.set(date, day);
    }
    builder.add(day, Number(time.slice(11, 13)), Number(posted));
  }
  return builder.build();
}

/** Every attraction file in `dir`, sorted by name. */
export function readTouringPlans(dir: string): RecordedAttraction[] {
  const parks = readAttractionParks(dir);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.csv.gz') && !METADATA_FILES.has(name))
    .sort()
    .map((file) => {
      const attraction = file.slice(0, -'.csv.gz'.length);
      return {
        attraction,
        park: parks.get(attraction) ?? 'unknown',
        history: readAttractionFile(join(dir, file)),
      };
    });
}
