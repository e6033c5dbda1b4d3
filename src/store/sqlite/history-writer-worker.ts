/**
 * The thread behind `BackgroundHistoryWriter`: its own connection to the database file, applying
 * each batch it is sent through the same history store code, in order, and answering each by ID.
 * After a failure it writes nothing more and answers every later batch with that failure.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Kysely, SqliteDialect } from 'kysely';
import { KyselyHistoryStore } from '../kysely-history-store.js';
import type { Database } from '../schema.js';
import { BetterSqlite3 } from './native.js';
import { applyPragmas } from './pragmas.js';
import { preparedChangeWriter } from './prepared-change-writer.js';
import { unpackBatch, type PackedBatch } from './packed-batch.js';

export type WriterRequest = { readonly id: number; readonly batch: PackedBatch } | { readonly close: true };
export type WriterAnswer = { readonly id: number; readonly error?: string };

const port = parentPort;
if (!port) throw new Error('history-writer-worker runs as a worker thread');
const { filename } = workerData as { filename: string };
const sqlite = new BetterSqlite3(filename);
applyPragmas(sqlite);
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
const store = new KyselyHistoryStore(db, { writeChanges: preparedChangeWriter(sqlite) });

let queue = Promise.resolve();
let failure: string | undefined;

async function handle(request: WriterRequest): Promise<void> {
  if ('close' in request) {
    await db.destroy();
    port?.close();
    return;
  }
  const answer = (error?: string): void => {
    const message: WriterAnswer = error === undefined ? { id: request.id } : { id: request.id, error };
    port?.postMessage(message);
  };
  if (failure !== undefined) {
    answer(failure);
    return;
  }
  try {
    await store.apply(unpackBatch(request.batch));
    answer();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    answer(failure);
  }
}

port.on('message', (request: WriterRequest) => {
  // One batch at a time, in the order sent.
  queue = queue.then(() => handle(request));
});
