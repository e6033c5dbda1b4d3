/**
 * Entry point: read the configuration, start the service, stop cleanly on SIGTERM/SIGINT.
 * A bad configuration (exit 78), or a DATA_DIR another server holds (exit 75), stops start-up with
 * one line saying what to change.
 */
// First, before anything else allocates: see the module.
import './lib/tick-shapes.js';
import { ConfigError, loadConfig } from './config/index.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    const { checkStore } = await import('./app/preflight.js');
    await checkStore(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`queuecast: invalid configuration: ${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  // The rest of the service loads only once the configuration and the store hold, so a bad value
  // is reported at once rather than after every module has loaded.
  const [{ createApp }, { createLogger }, { catchUpProgress }, { DataDirInUseError }] = await Promise.all([
    import('./app/index.js'),
    import('./app/logger.js'),
    import('./app/progress.js'),
    import('./store/sqlite/server-lock.js'),
  ]);
  const logger = createLogger(config.logLevel);
  const progress = catchUpProgress();
  let app;
  try {
    app = await createApp({ config, logger, onCatchUpProgress: progress.onProgress });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`queuecast: ${error.message}\n`);
      process.exit(75);
    }
    // A DATA_DIR that cannot be used, or that holds something other than our database.
    if (error instanceof ConfigError) {
      process.stderr.write(`queuecast: invalid configuration: ${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  progress.finish(app.caughtUpRows);
  const address = await app.listen();
  logger.info({ address, baseUrl: config.baseUrl }, 'queuecast serving');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    app.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `queuecast: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
