/**
 * The models section: how long recomputing every model (hourly waits, wait models with calibrated
 * bounds, typical waits, crowd index, crowd forecast and accuracy) for all ten parks takes on the
 * bench's recorded history: cold (a fresh service samples the whole history) and warm (a later
 * round, which reads only today's rows). Goal: under 10 s. Beside it, the longest the event loop
 * waited during the cold round: requests are answered between a fit's steps.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLogger } from '../src/app/logger.js';
import { openStores } from '../src/app/drivers.js';
import { Catalog } from '../src/catalog/catalog.js';
import { loadConfig } from '../src/config/index.js';
import { createSimulatedFeeds } from '../src/feeds/sim/index.js';
import { systemClock } from '../src/lib/clock.js';
import { ParkModelService } from '../src/services/models/index.js';
import type { BenchData } from './data-dir.js';
import { log } from './stats.js';
import { reference, under, type Row } from './table.js';

export const MODELS_GOAL_SECONDS = 10;

/** Times a cold and a warm recomputation of every park's models against `dataDir`. */
export async function timeModelRecompute(
  dataDir: string,
  catalog: Catalog = Catalog.load(),
): Promise<{ cold: number; warm: number; longestStallMs: number }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const stores = await openStores(config);
  try {
    const feeds = createSimulatedFeeds(catalog);
    const service = new ParkModelService(
      catalog,
      stores.history,
      feeds.schedule,
      systemClock,
      config.coverageStart,
      createLogger('warn'),
    );
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    let started = performance.now();
    await service.recomputeAll();
    const cold = (performance.now() - started) / 1000;
    delay.disable();
    started = performance.now();
    await service.recomputeAll();
    const warm = (performance.now() - started) / 1000;
    return { cold, warm, longestStallMs: delay.max / 1e6 };
  } finally {
    await stores.close();
  }
}

export async function modelsRows(data: BenchData): Promise<Row[]> {
  const { cold, warm, longestStallMs } = await timeModelRecompute(data.dataDir);
  log(
    `models: recompute all ten parks ${cold.toFixed(2)} s cold, ${warm.toFixed(2)} s warm; longest event-loop stall ${longestStallMs.toFixed(0)} ms`,
  );
  return [
    under('models: recompute every model, all ten parks (cold)', 's', cold, warm, MODELS_GOAL_SECONDS),
    reference('models: recompute every model, all ten parks (warm)', 's', warm, cold),
    reference(
      'models: longest event-loop stall during the cold recompute',
      'ms',
      longestStallMs,
      cold * 1000,
    ),
  ];
}
