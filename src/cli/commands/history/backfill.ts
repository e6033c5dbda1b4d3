import { parseArgs } from 'node:util';
import { createLogger } from '../../../app/logger.js';
import { catchUpProgress } from '../../../app/progress.js';
import { recordingIngest } from '../../../app/recording-ingest.js';
import { systemClock } from '../../../lib/clock.js';
import { isCalendarDate, localDate } from '../../../lib/time.js';
import { openStores } from '../../../app/drivers.js';
import { UsageError, type Command } from '../../command.js';

/**
 * Records history from a date through the same simulator and ingest logic the server runs. It
 * fills only time the store has never recorded (before each park's first row, or a park with no
 * rows), so it never rewrites recorded data and is safe while the server runs.
 */
export const historyBackfill: Command = {
  usage: '--from YYYY-MM-DD',
  summary: 'Fill history from a date up to where recorded history begins (or to now for a park with none).',
  async run(args, config) {
    const { values } = parseArgs({ args: [...args], options: { from: { type: 'string' } }, strict: true });
    const from = values.from;
    const today = localDate(systemClock.now(), 'UTC');
    if (from === undefined || !isCalendarDate(from) || from > today) {
      throw new UsageError(
        `--from must be a date YYYY-MM-DD no later than ${today} (got ${from ?? 'nothing'})`,
      );
    }
    if (config.feed !== 'sim') {
      throw new UsageError(
        `FEED=${config.feed} reads a real upstream, which cannot replay the past: its history starts when the server first runs (backfill needs FEED=sim)`,
      );
    }
    const stores = await openStores(config);
    try {
      const ingest = await recordingIngest({
        config,
        store: stores.history,
        clock: systemClock,
        logger: createLogger('warn'),
        coverageStart: from,
      });
      const progress = catchUpProgress();
      const rows = await ingest.fillUnrecorded(from, systemClock.now(), progress.onProgress);
      progress.finish(rows);
      process.stdout.write(`recorded ${rows} changes from ${from}\n`);
      return 0;
    } finally {
      await stores.close();
    }
  },
};
