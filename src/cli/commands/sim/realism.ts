import { parseArgs } from 'node:util';
import { Catalog } from '../../../catalog/catalog.js';
import { systemClock } from '../../../lib/clock.js';
import { isCalendarDate, localDate } from '../../../lib/time.js';
import { dateStringOf, dayNumberOf } from '../../../feeds/sim/local-time.js';
import { formatRealism } from '../../../feeds/sim/realism/format.js';
import { measureRealism } from '../../../feeds/sim/realism/measure.js';
import { hasTouringPlans, touringPlansDir } from '../../../feeds/sim/realism/touringplans.js';
import { Simulator } from '../../../feeds/sim/simulator.js';
import { UsageError, type Command } from '../../command.js';

/**
 * Simulates a span of dates (default: the last 365 days) and reports how the simulator compares
 * with real parks: levels, daily shapes, calendar smoothness, downtime, weather, lane sell-outs,
 * and the real recorded waits of TouringPlans.com (--touringplans DIR, default
 * ../shared/data/touringplans). A fixed contract: other tools read its --json output.
 */
export const simRealism: Command = {
  usage: '[--from YYYY-MM-DD --to YYYY-MM-DD] [--json] [--touringplans DIR]',
  summary: 'Measure the simulator against published figures and real recorded waits (TouringPlans.com).',
  async run(args) {
    const { values } = parseArgs({
      args: [...args],
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        json: { type: 'boolean' },
        touringplans: { type: 'string' },
      },
      strict: true,
    });
    const today = localDate(systemClock.now(), 'UTC');
    const to = values.to ?? today;
    const from = values.from ?? dateStringOf(dayNumberOf(to) - 364);
    for (const [name, value] of [
      ['--from', from],
      ['--to', to],
    ] as const) {
      if (!isCalendarDate(value)) throw new UsageError(`${name} must be a date YYYY-MM-DD (got ${value})`);
    }
    if (from > to) throw new UsageError(`--from (${from}) must not be after --to (${to})`);
    if (dayNumberOf(to) - dayNumberOf(from) > 3 * 366) {
      throw new UsageError('the span from --from to --to must be at most three years');
    }
    const dir = touringPlansDir(values.touringplans);
    const real = hasTouringPlans(dir);
    if (!real) process.stderr.write(`no TouringPlans.com data in ${dir}: skipping the comparison\n`);
    const catalog = Catalog.load();
    const report = measureRealism(catalog, new Simulator(catalog), {
      from,
      to,
      touringPlansDir: real ? dir : null,
    });
    process.stdout.write(values.json ? `${JSON.stringify(report)}\n` : formatRealism(report));
    return 0;
  },
};
