import { parseArgs } from 'node:util';
import { openStores } from '../../../app/drivers.js';
import { createLogger } from '../../../app/logger.js';
import { catchUpProgress } from '../../../app/progress.js';
import { recordingIngest } from '../../../app/recording-ingest.js';
import {
  backtestOutages,
  type CheckpointScore,
  type OutageBacktestResult,
} from '../../../backtest/outage-backtest.js';
import { Catalog } from '../../../catalog/catalog.js';
import { systemClock } from '../../../lib/clock.js';
import { readOutageHistory } from '../../../services/reopening/history.js';
import type { HistoryStore } from '../../../store/ports.js';
import { UsageError, type Command } from '../../command.js';
import { table } from '../../table.js';

const percent = (value: number | null) => (value === null ? '-' : `${Math.round(value * 100)}%`);
const minutes = (value: number | null) => (value === null ? '-' : value.toFixed(2));
const gain = (model: number | null, naive: number | null) =>
  model === null || naive === null || naive <= 0 ? '-' : percent(1 - model / naive);

function checkpointRows(label: string, checkpoints: readonly CheckpointScore[]): string[][] {
  return checkpoints.map((score) => [
    label,
    String(score.minutes_down),
    String(score.outages_scored),
    minutes(score.mae_minutes),
    minutes(score.naive_mae_minutes),
    gain(score.mae_minutes, score.naive_mae_minutes),
    percent(score.coverage_80),
  ]);
}

/** The readable report: the checkpoints, then the same per status and way of opening. */
export function formatOutageBacktest(result: OutageBacktestResult): string {
  if (result.origins === 0) {
    return `No origin to score: the store holds less than two weeks of recorded history (up to ${result.until}); a real feed's history grows while the server runs.\n`;
  }
  const header = ['', 'minutes down', 'scored', 'MAE', 'naive MAE', 'gain', 'within 80% range'];
  const groups = result.by_status.flatMap((group) =>
    checkpointRows(`${group.status}${group.at_opening ? ' at opening' : ''}`, group.checkpoints),
  );
  const bound =
    result.bound === undefined
      ? ''
      : `\nNot a forecast: the error left had the median remaining time of the scored outages themselves, per status and way of opening, been known in advance:\n\n${table(
          [
            ['minutes down', 'MAE', 'gain on naive'],
            ...result.bound.map((score, index) => [
              String(score.minutes_down),
              minutes(score.mae_minutes),
              gain(score.mae_minutes, result.checkpoints[index]?.naive_mae_minutes ?? null),
            ]),
          ],
        )}\n`;
  return `Reopening estimates on this store's ${result.outages_recorded} recorded outages: ${result.origins} origins every 7 days from ${result.from ?? '-'} to ${result.until}, each fitted on the outages ended before it and scoring the outages of the 7 days after it when they start and at 10, 30 and 60 minutes down while still open. MAE of the remaining time in minutes, capped at the park's closing; naive = the ride's median outage length so far minus the time down; gain = how much lower than naive.

${table([header, ...checkpointRows('all', result.checkpoints)])}

${table([header, ...groups])}
${bound}`;
}

/** Whether no park has a recorded change: a store nothing has written to. */
async function recordsNothing(store: HistoryStore, catalog: Catalog): Promise<boolean> {
  for (const park of catalog.parks) if ((await store.firstChangeAt(park.key)) !== undefined) return false;
  return true;
}

/** Backtests the reopening estimates on the outages the configured store recorded. */
export const modelsBacktestOutages: Command = {
  usage: '[--json] [--bound]',
  summary: 'Backtest the reopening estimates of down rides on the recorded outage history.',
  async run(args, config) {
    let values: { json?: boolean | undefined; bound?: boolean | undefined };
    try {
      values = parseArgs({
        args: [...args],
        options: { json: { type: 'boolean' }, bound: { type: 'boolean' } },
        strict: true,
        allowPositionals: false,
      }).values;
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const catalog = Catalog.load();
    const stores = await openStores(config);
    let result: OutageBacktestResult;
    try {
      if (config.feed === 'sim' && (await recordsNothing(stores.history, catalog))) {
        // The embedded default's history is the simulator's: a store that has recorded nothing yet
        // (a fresh DATA_DIR, before the server's first start) is given it as that start records it.
        const ingest = await recordingIngest({
          config,
          store: stores.history,
          clock: systemClock,
          logger: createLogger('warn'),
        });
        const progress = catchUpProgress();
        progress.finish(
          await ingest.fillUnrecorded(config.coverageStart, systemClock.now(), progress.onProgress),
        );
      }
      const history = await readOutageHistory(stores.history, catalog);
      const now = systemClock.now();
      result = backtestOutages({
        outages: history?.outages ?? [],
        closingAt: (park, at) => history?.closingAt(park, at),
        since: history?.since ?? now,
        until: history?.until ?? now,
        bound: values.bound === true,
      });
    } finally {
      await stores.close();
    }
    process.stdout.write(values.json === true ? `${JSON.stringify(result)}\n` : formatOutageBacktest(result));
    return 0;
  },
};
