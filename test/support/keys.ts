/**
 * Keys for tests, made through the key store the server reads (the same DATA_DIR), in
 * milliseconds. The CLI's own tests make theirs through the CLI (support/cli.ts).
 */
import { generateKey, hashKey, keyHint } from '../../src/services/api-keys.js';
import { openStores } from '../../src/app/drivers.js';
import { loadConfig } from '../../src/config/index.js';

/** `env` names the store when it is not the embedded one (DATABASE_URL). */
export async function createKey(
  dataDir: string,
  tier: 'free' | 'partner',
  env: Record<string, string> = {},
): Promise<string> {
  const stores = await openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }));
  try {
    const key = generateKey();
    await stores.keys.createKey({
      hash: hashKey(key),
      hint: keyHint(key),
      tier,
      name: `test ${tier}`,
      created_at: Date.now(),
    });
    return key;
  } finally {
    await stores.close();
  }
}
