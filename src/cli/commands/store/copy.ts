import { parseArgs } from 'node:util';
import { openDatabase } from '../../../app/drivers.js';
import { ConfigError, loadConfig } from '../../../config/index.js';
import { copyStore, StoreCopyError } from '../../../store/copy-store.js';
import { UsageError, type Command } from '../../command.js';

/**
 * Copies the configured store (the embedded SQLite store under DATA_DIR, usually) into an empty
 * PostgreSQL database, migrating it first: the move from one instance to a scaled-out deployment.
 * Stop the server first, so no history is written to the source during the copy.
 */
export const storeCopy: Command = {
  usage: '--to postgres://USER:PASSWORD@HOST:5432/DATABASE',
  summary: 'Copy every table of this store (SQLite under DATA_DIR) into an empty PostgreSQL database.',
  async run(args, config) {
    const { values } = parseArgs({ args: [...args], options: { to: { type: 'string' } }, strict: true });
    let target: ReturnType<typeof loadConfig>;
    try {
      target = loadConfig({ DATABASE_URL: values.to ?? '' });
    } catch (error) {
      throw new UsageError(
        `--to must be a PostgreSQL URL (${error instanceof ConfigError ? error.message.replace(/^DATABASE_URL/, 'it') : String(error)})`,
      );
    }
    if (target.databaseUrl === undefined)
      throw new UsageError('--to must name the PostgreSQL database to copy into');
    if (target.databaseUrl === config.databaseUrl) {
      throw new UsageError('--to names the store this configuration already uses; give a different database');
    }
    const source = await openDatabase(config);
    try {
      const destination = await openDatabase(target);
      try {
        const copied = await copyStore(source, destination, ({ table, rows }) => {
          process.stderr.write(`copied ${rows} rows of ${table}\n`);
        });
        const total = copied.reduce((sum, { rows }) => sum + rows, 0);
        process.stdout.write(`copied ${total} rows in ${copied.length} tables\n`);
        return 0;
      } catch (error) {
        if (error instanceof StoreCopyError) {
          process.stderr.write(`queuecast: store copy: ${error.message}\n`);
          return 65;
        }
        throw error;
      } finally {
        await destination.destroy();
      }
    } finally {
      await source.destroy();
    }
  },
};
