/**
 * The arguments every backtest on TouringPlans.com's recorded waits shares: the directory of
 * recorded files, `--json` and `--until`, parsed and checked once; each command adds its own flags.
 */
import { existsSync, statSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { readTouringPlans, type RecordedAttraction } from '../../../backtest/touringplans-reader.js';
import { isCalendarDate } from '../../../lib/time.js';
import { UsageError } from '../../command.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface TouringPlansArgs<V> {
  readonly dir: string;
  readonly json: boolean;
  readonly until: string | undefined;
  /** The command's own flags, as `parseArgs` read them. */
  readonly values: V;
}

export function parseTouringPlansArgs<V extends Record<string, string | boolean | undefined>>(
  args: readonly string[],
  own: Options,
): TouringPlansArgs<V> {
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    values = parseArgs({
      args: [...args],
      options: {
        touringplans: { type: 'string' },
        json: { type: 'boolean' },
        until: { type: 'string' },
        ...own,
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const dir = values['touringplans'];
  if (typeof dir !== 'string' || !existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UsageError(
      `--touringplans must name a directory of <attraction>.csv.gz (or .csv) files (got ${typeof dir === 'string' ? dir : 'nothing'})`,
    );
  }
  const until = values['until'];
  if (typeof until === 'string' && !isCalendarDate(until)) {
    throw new UsageError(`--until must be a date, YYYY-MM-DD (got ${until})`);
  }
  return {
    dir,
    json: values['json'] === true,
    until: typeof until === 'string' ? until : undefined,
    values: values as V,
  };
}

/** The recorded attractions of `dir`, read once the command's own flags are checked. */
export function readRecordedAttractions(dir: string): RecordedAttraction[] {
  const attractions = readTouringPlans(dir);
  if (attractions.length === 0) throw new UsageError(`no <attraction>.csv.gz (or .csv) files in ${dir}`);
  return attractions;
}
