/**
 * The data directory every server under test starts from: `.bench/data`, backfilled once through
 * the same ingest code `npm start` runs (later runs record only the gap since the last one), and
 * partner keys minted once into it (`.bench/keys.json`; only their hashes are in the database).
 *
 * Many keys rather than one: a partner key may make 600 requests a minute, and wrk makes tens of
 * thousands a second. Each request still carries a partner key that the real limiter counts; the
 * load is spread so that no key reaches its limit within a run (see BENCHMARKS.md).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateKey, hashKey, keyHint } from '../src/services/api-keys.js';
import type { KeyStore } from '../src/store/ports.js';
import { openStores } from '../src/app/drivers.js';
import { loadConfig } from '../src/config/index.js';
import { historyRecorder } from './built-app.js';
import { log } from './stats.js';

export const BENCH_DIR = fileURLToPath(new URL('../.bench/', import.meta.url));
export const DATA_DIR = `${BENCH_DIR}data`;
export const KEYS_FILE = `${BENCH_DIR}keys.json`;

/** Enough that 100,000 requests a second spread over them stay under 600 a minute per key. */
export const PARTNER_KEYS = 10_000;

export interface BenchData {
  readonly dataDir: string;
  /** Partner keys valid in `dataDir` (also in KEYS_FILE, for the client processes). */
  readonly keys: readonly string[];
}

/** Brings `.bench/data` up to now and makes sure its partner keys exist (run `build()` first). */
export async function prepareDataDir(): Promise<BenchData> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const started = performance.now();
  const rows = await (await historyRecorder())(DATA_DIR);
  const stores = await openStores(loadConfig({ DATA_DIR, LOG_LEVEL: 'warn' }));
  try {
    const keys = await partnerKeys(stores.keys);
    log(
      `data: ${DATA_DIR} (${rows.toLocaleString('en-US')} rows recorded now), ` +
        `${keys.length.toLocaleString('en-US')} partner keys, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { dataDir: DATA_DIR, keys };
  } finally {
    await stores.close();
  }
}

async function partnerKeys(store: KeyStore): Promise<string[]> {
  if (existsSync(KEYS_FILE)) {
    const saved = JSON.parse(readFileSync(KEYS_FILE, 'utf8')) as string[];
    const newest = saved.at(-1);
    if (saved.length === PARTNER_KEYS && newest && (await store.findKeyByHash(hashKey(newest)))) return saved;
  }
  const keys: string[] = [];
  for (let i = 0; i < PARTNER_KEYS; i++) {
    const key = generateKey();
    await store.createKey({
      hash: hashKey(key),
      hint: keyHint(key),
      tier: 'partner',
      name: `bench ${i + 1}`,
      created_at: Date.now(),
    });
    keys.push(key);
  }
  writeFileSync(KEYS_FILE, JSON.stringify(keys));
  return keys;
}
