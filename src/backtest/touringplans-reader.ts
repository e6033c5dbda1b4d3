/**
 * Reads TouringPlans.com's recorded waits (data: TouringPlans.com; see the data set's README for the
 * licence): every `<attraction>.csv.gz` in a directory, plus `attractions_metadata.csv.gz` for the
 * park and names of each attraction when present. Posted waits become hourly means (what the wait
 * models read); timed waits are a different measure (they run well below posted) and sparse, kept
 * apart, each paired with its posted wait (`pairTimedWaits`), for the estimated actual wait.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pairTimedWaits, type TimedWait, type WaitReading } from '../models/actual-wait-fit.js';
import { HourlyHistoryBuilder, dayNumber, type RideHistory } from '../models/hourly-history.js';

export interface RecordedAttraction {
  /** The file's name without `.csv.gz`. */
  readonly attraction: string;
  /** The park from the metadata file, or `unknown` when the metadata has no row for it. */
  readonly park: string;
  /** The attraction's full and short names from the metadata file (none without a row). */
  readonly names: readonly string[];
  readonly history: RideHistory;
  /** Waits timed by guests in line, each with the posted wait it was paired with. */
  readonly timedWaits: readonly TimedWait[];
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

/** What the metadata file says of one attraction file. */
export interface AttractionMetadata {
  readonly park: string;
  /** Its full and short names, as the metadata spells them. */
  readonly names: readonly string[];
}

/** Attraction file name → park and names, from `attractions_metadata.csv.gz` (empty when absent). */
export function readAttractionMetadata(dir: string): Map<string, AttractionMetadata> {
  const metadata = new Map<string, AttractionMetadata>();
  const path = join(dir, 'attractions_metadata.csv.gz');
  if (!existsSync(path)) return metadata;
  const { header, rows } = readCsv(path);
  const fileColumn = header.indexOf('dataset_name');
  const parkColumn = header.indexOf('park');
  const nameColumns = [header.indexOf('name'), header.indexOf('short_name')].filter((column) => column >= 0);
  if (fileColumn < 0 || parkColumn < 0) return metadata;
  for (const row of rows) {
    const file = row[fileColumn];
    const park = row[parkColumn];
    if (!file || !park) continue;
    const names = nameColumns.map((column) => row[column] ?? '').filter((name) => name !== '');
    metadata.set(file, { park, names: [...new Set(names)] });
  }
  return metadata;
}

/** Clock minutes of a `YYYY-MM-DD HH:MM:SS` stamp since 1970-01-01 (its own date, not the park day's). */
function clockMinute(stamp: string, dayOf: (date: string) => number): number {
  return (
    dayOf(stamp.slice(0, 10)) * 1440 +
    Number(stamp.slice(11, 13)) * 60 +
    Number(stamp.slice(14, 16)) +
    Number(stamp.slice(17, 19)) / 60
  );
}

/**
 * One attraction's posted waits as hourly means per park day, and its timed waits paired with the
 * posted ones. The hour comes from the reading's clock time; a reading after midnight stays with
 * its park day, as the file records it.
 */
export function readAttractionReadings(path: string): {
  history: RideHistory;
  timedWaits: TimedWait[];
} {
  const text = gunzipSync(readFileSync(path)).toString('utf8');
  const builder = new HourlyHistoryBuilder();
  let lineStart = text.indexOf('\n') + 1;
  const header = splitCsvLine(text.slice(0, lineStart - 1));
  const dateColumn = header.indexOf('park_date');
  const timeColumn = header.indexOf('wait_datetime');
  const postedColumn = header.indexOf('wait_minutes_posted');
  const actualColumn = header.indexOf('wait_minutes_actual');
  if (dateColumn < 0 || timeColumn < 0 || postedColumn < 0) {
    throw new Error(`${path}: expected the columns park_date, wait_datetime and wait_minutes_posted`);
  }
  const dayCache = new Map<string, number>();
  const dayOf = (date: string) => {
    let day = dayCache.get(date);
    if (day === undefined) {
      day = dayNumber(date);
      dayCache.set(date, day);
    }
    return day;
  };
  const posted: WaitReading[] = [];
  const timed: WaitReading[] = [];
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    lineStart = lineEnd + 1;
    if (line.length === 0) continue;
    const cells = line.includes('"') ? splitCsvLine(line) : line.split(',');
    const date = cells[dateColumn] ?? '';
    const time = cells[timeColumn] ?? '';
    if (date.length < 10 || time.length < 13) continue;
    const day = dayOf(date);
    const postedValue = cells[postedColumn]?.trim();
    if (postedValue) {
      builder.add(day, Number(time.slice(11, 13)), Number(postedValue));
      if (time.length >= 19)
        posted.push({ day, minute: clockMinute(time, dayOf), minutes: Number(postedValue) });
    }
    const actualValue = actualColumn < 0 ? undefined : cells[actualColumn]?.trim();
    if (actualValue && time.length >= 19 && Number.isFinite(Number(actualValue))) {
      timed.push({ day, minute: clockMinute(time, dayOf), minutes: Number(actualValue) });
    }
  }
  return { history: builder.build(), timedWaits: pairTimedWaits(posted, timed) };
}

/** One attraction's posted waits as hourly means per park day (see `readAttractionReadings`). */
export function readAttractionFile(path: string): RideHistory {
  return readAttractionReadings(path).history;
}

/** Every attraction file in `dir`, sorted by name. */
export function readTouringPlans(dir: string): RecordedAttraction[] {
  const metadata = readAttractionMetadata(dir);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.csv.gz') && !METADATA_FILES.has(name))
    .sort()
    .map((file) => {
      const attraction = file.slice(0, -'.csv.gz'.length);
      const { history, timedWaits } = readAttractionReadings(join(dir, file));
      const described = metadata.get(attraction);
      return {
        attraction,
        park: described?.park ?? 'unknown',
        names: described?.names ?? [],
        history,
        timedWaits,
      };
    });
}
