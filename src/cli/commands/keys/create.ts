import { parseArgs } from 'node:util';
import { generateKey, hashKey, keyHint } from '../../../services/api-keys.js';
import { systemClock } from '../../../lib/clock.js';
import { openStores } from '../../../app/drivers.js';
import { UsageError, type Command } from '../../command.js';

/** Creates a key and prints it once, as the last line of stdout: only its hash is stored. */
export const keysCreate: Command = {
  usage: '--tier free|partner [--name NAME]',
  summary: 'Create an API key; it is printed once and cannot be shown again.',
  async run(args, config) {
    const { values } = parseArgs({
      args: [...args],
      options: { tier: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    });
    if (values.tier !== 'free' && values.tier !== 'partner') {
      throw new UsageError(`--tier must be free or partner (got ${values.tier ?? 'nothing'})`);
    }
    const stores = await openStores(config);
    try {
      const key = generateKey();
      const record = await stores.keys.createKey({
        hash: hashKey(key),
        hint: keyHint(key),
        tier: values.tier,
        name: values.name ?? null,
        created_at: systemClock.now(),
      });
      process.stderr.write(
        `created ${record.tier} key ${record.id}${record.name ? ` (${record.name})` : ''}; store it now, it is not shown again:\n`,
      );
      process.stdout.write(`${key}\n`);
      return 0;
    } finally {
      await stores.close();
    }
  },
};
