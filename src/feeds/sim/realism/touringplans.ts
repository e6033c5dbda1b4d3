/**
 * Real recorded posted waits (data: TouringPlans.com; see ../shared/data/touringplans/README.md),
 * read from the CSV files, gzipped or plain (`src/catalog/recorded-attractions.ts` maps each file to
 * its catalog ride). Used by the realism report and by the script that fits the simulator's shapes
 * (scripts/fit-sim-shapes.ts).
 */
import { join, resolve } from 'node:path';
import { findDataFile, readDataText, splitCsvLine } from '../../../lib/csv-files.js';

export interface RecordedWait {
  /** Park day, `YYYY-MM-DD`. */
  readonly parkDate: string;
  /** Local clock minutes after midnight of the park day (past 1440 after midnight). */
  readonly minute: number;
  readonly posted: number;
}

/** The default data directory: ../shared/data/touringplans from the working directory. */
export function touringPlansDir(explicit?: string): string {
  return resolve(explicit ?? join(process.cwd(), '..', 'shared', 'data', 'touringplans'));
}

export function hasTouringPlans(dir = touringPlansDir()): boolean {
  return hasRecordedFile(dir, 'soarin');
}

/** Whether `dir` holds the recorded file `<file>.csv.gz` or `<file>.csv`. */
export function hasRecordedFile(dir: string, file: string): boolean {
  return findDataFile(dir, file) !== undefined;
}

/** The text of one of the directory's files (`soarin`, `parks_metadata_raw`), gzipped or plain. */
function readFile(dir: string, name: string): string {
  const path = findDataFile(dir, name);
  if (path === undefined) throw new Error(`no ${name}.csv.gz or ${name}.csv in ${dir}`);
  return readDataText(path);
}

/**
 * Posted readings of one attraction between two park dates (inclusive). Readings above 300
 * minutes are dropped as recording errors (the README warns of outliers).
 */
export function readPostedWaits(dir: string, file: string, from: string, to: string): RecordedWait[] {
  const text = readFile(dir, file);
  const rows: RecordedWait[] = [];
  let start = text.indexOf('\n') + 1;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    const parkDate = line.slice(0, 10);
    if (parkDate < from || parkDate > to) continue;
    const posted = line.slice(line.lastIndexOf(',') + 1).trim();
    if (posted === '') continue;
    const value = Number(posted);
    if (!Number.isFinite(value) || value < 0 || value > 300) continue;
    // "YYYY-MM-DD HH:MM:SS" in quotes after the first comma.
    const stamp = line.slice(12, 31);
    const hour = Number(stamp.slice(11, 13));
    const minute = Number(stamp.slice(14, 16));
    const nextDay = stamp.slice(0, 10) !== parkDate ? 1440 : 0;
    rows.push({ parkDate, minute: nextDay + hour * 60 + minute, posted: value });
  }
  return rows;
}

/** One row per day of the park calendar file (parks_metadata_raw), the columns the fit uses. */
export interface ParkCalendarDay {
  readonly date: string;
  /** TouringPlans' season label (e.g. "CHRISTMAS PEAK", "SPRING", "SEPTEMBER LOW"). */
  readonly season: string;
  /** Open and close by park prefix (mk, ep, hs, ak), seconds after midnight. */
  readonly hours: Readonly<Record<string, { readonly open: number; readonly close: number }>>;
}

export function readParkCalendar(dir: string): ParkCalendarDay[] {
  const text = readFile(dir, 'parks_metadata_raw');
  const lines = text.split('\n').filter((l) => l.length > 0);
  const header = splitCsvLine(lines[0] ?? '');
  const col = (name: string): number => header.indexOf(name);
  const days: ParkCalendarDay[] = [];
  for (const line of lines.slice(1)) {
    const f = splitCsvLine(line);
    const hours: Record<string, { open: number; close: number }> = {};
    for (const p of ['mk', 'ep', 'hs', 'ak']) {
      const open = Number(f[col(`${p}open`)]);
      const close = Number(f[col(`${p}close`)]);
      if (Number.isFinite(open) && Number.isFinite(close) && close > open) hours[p] = { open, close };
    }
    days.push({ date: f[col('date')] ?? '', season: f[col('season')] ?? '', hours });
  }
  return days;
}
