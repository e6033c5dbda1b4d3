import { KEY_PATTERN, hashKey } from '../../../services/api-keys.js';
import { systemClock } from '../../../lib/clock.js';
import { openStores } from '../../../app/drivers.js';
import { UsageError, type Command } from '../../command.js';

/** Revokes a key given as the key itself or its ID from `keys list`; servers honour it within 10 minutes. */
export const keysRevoke: Command = {
  usage: 'KEY|ID',
  summary: 'Revoke a key (by the key or its ID); running servers stop accepting it within 10 minutes.',
  async run(args, config) {
    const [target, ...rest] = args;
    if (target === undefined || rest.length > 0) throw new UsageError('give one key or key ID');
    const stores = await openStores(config);
    try {
      let id: number | undefined;
      if (KEY_PATTERN.test(target)) id = (await stores.keys.findKeyByHash(hashKey(target)))?.id;
      else if (/^\d+$/.test(target)) id = Number(target);
      else
        throw new UsageError('KEY must be pk_live_ followed by 32 letters and digits, or a numeric key ID');
      if (id === undefined || !(await stores.keys.revokeKey(id, systemClock.now()))) {
        process.stderr.write('no such active key\n');
        return 1;
      }
      process.stdout.write(`revoked key ${id}\n`);
      return 0;
    } finally {
      await stores.close();
    }
  },
};
