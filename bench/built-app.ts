/**
 * The servers under test run the compiled build (`dist/`, what `npm start` runs), not the sources
 * through tsx: tsx compiles with esbuild's keepNames, which wraps every named closure in a
 * `__name(…)` call that production never pays (about 3% of a /waits request here).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { log } from './stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `npm run build`, output on stderr. */
export function build(): void {
  const started = performance.now();
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  log(`build: dist/ compiled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export interface BuiltApp {
  readonly createApp: typeof import('../src/app/index.js').createApp;
  readonly openStores: typeof import('../src/app/drivers.js').openStores;
  readonly createLogger: typeof import('../src/app/logger.js').createLogger;
  readonly loadConfig: typeof import('../src/config/index.js').loadConfig;
  readonly ManualClock: typeof import('../src/lib/clock.js').ManualClock;
  readonly systemClock: typeof import('../src/lib/clock.js').systemClock;
}

/** The composition root and its helpers, from `dist/` (run `build()` first). */
export async function loadBuiltApp(): Promise<BuiltApp> {
  const load = <T>(path: string) => import(new URL(`../dist/${path}`, import.meta.url).href) as Promise<T>;
  const [app, drivers, logger, config, clock] = await Promise.all([
    load<typeof import('../src/app/index.js')>('app/index.js'),
    load<typeof import('../src/app/drivers.js')>('app/drivers.js'),
    load<typeof import('../src/app/logger.js')>('app/logger.js'),
    load<typeof import('../src/config/index.js')>('config/index.js'),
    load<typeof import('../src/lib/clock.js')>('lib/clock.js'),
  ]);
  return {
    createApp: app.createApp,
    openStores: drivers.openStores,
    createLogger: logger.createLogger,
    loadConfig: config.loadConfig,
    ManualClock: clock.ManualClock,
    systemClock: clock.systemClock,
  };
}

/**
 * Loads the compiled ingest, then returns what records simulated history into a data directory
 * from its checkpoint (the coverage start on an empty store) to now, as `createApp` does on start,
 * resolving to the change rows written.
 */
export async function historyRecorder(): Promise<(dataDir: string) => Promise<number>> {
  const load = <T>(path: string) => import(new URL(`../dist/${path}`, import.meta.url).href) as Promise<T>;
  const [{ recordingIngest }, built] = await Promise.all([
    load<typeof import('../src/app/recording-ingest.js')>('app/recording-ingest.js'),
    loadBuiltApp(),
  ]);
  return async (dataDir) => {
    const config = built.loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const stores = await built.openStores(config);
    try {
      const ingest = await recordingIngest({
        config,
        store: stores.history,
        clock: built.systemClock,
        logger: built.createLogger('warn'),
      });
      return await ingest.catchUp(built.systemClock.now());
    } finally {
      await stores.close();
    }
  };
}

/**
 * Compiles one bench script (and the files it imports) to plain JavaScript in `.bench/js/`,
 * for a baseline that must run without tsx like the server it is compared with. Returns its path.
 */
export function compileScript(name: string): string {
  const outDir = join(ROOT, '.bench', 'js');
  execFileSync(
    'npx',
    [
      'tsc',
      ...['--outDir', outDir, '--rootDir', ROOT],
      ...['--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2023'],
      ...['--skipLibCheck', '--types', 'node', '--strict'],
      join(ROOT, 'bench', `${name}.ts`),
    ],
    { cwd: ROOT, stdio: ['ignore', 2, 2] },
  );
  return join(outDir, 'bench', `${name}.js`);
}

/** The production entry point, `node dist/main.js` (what `npm start` runs after building). */
export const MAIN_SCRIPT = join(ROOT, 'dist', 'main.js');
