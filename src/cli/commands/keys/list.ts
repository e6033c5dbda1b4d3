import { isoTimestamp } from '../../../lib/time.js';
import { openStores } from '../../../app/drivers.js';
import type { Command } from '../../command.js';

/** Lists keys by ID, hint, tier, name and dates: never a key or its hash. */
export const keysList: Command = {
  usage: '',
  summary: 'List keys: ID, hint, tier, name, created, revoked.',
  async run(_args, config) {
    const stores = await openStores(config);
    try {
      const rows = (await stores.keys.listKeys()).map((key) => [
        String(key.id),
        key.hint,
        key.tier,
        key.name ?? '',
        isoTimestamp(key.created_at),
        key.revoked_at === null ? '' : isoTimestamp(key.revoked_at),
      ]);
      const header = ['id', 'hint', 'tier', 'name', 'created', 'revoked'];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
      for (const row of [header, ...rows]) {
        process.stdout.write(
          `${row
            .map((cell, i) => cell.padEnd(widths[i] ?? 0))
            .join('  ')
            .trimEnd()}\n`,
        );
      }
      return 0;
    } finally {
      await stores.close();
    }
  },
};
