/**
 * A backfill's history writes on a thread of their own (`HistoryStore.backgroundWriter`): the
 * thread opens its own connection to the same SQLite file and applies the batches, in order, while
 * the backfill simulates and diffs the next ones on the main thread, so the two use both cores.
 * SQLite has one writer at a time; while the backfill runs, nothing else writes history.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../lib/module-worker.js';
import type { BackgroundWriter, IngestBatch } from '../ports.js';
import type { WriterAnswer, WriterRequest } from './history-writer-worker.js';
import { packBatch } from './packed-batch.js';

export class BackgroundHistoryWriter implements BackgroundWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | undefined;
  private readonly exited: Promise<void>;

  constructor(filename: string) {
    this.worker = startModuleWorker(import.meta.url, 'history-writer-worker', { workerData: { filename } });
    this.worker.on('message', ({ id, error }: WriterAnswer) => {
      const waiter = this.waiting.get(id);
      this.waiting.delete(id);
      if (error === undefined) waiter?.resolve();
      else waiter?.reject((this.failure ??= new Error(error)));
    });
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', () => {
        this.failAll(new Error('the history writer thread ended before writing every batch'));
        resolve();
      });
    });
    this.worker.on('error', (error) => {
      this.failAll(error);
    });
  }

  apply(batch: IngestBatch): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const packed = packBatch(batch);
      const columns = [packed.rides, packed.parks, packed.statuses, packed.at, packed.waits];
      this.worker.postMessage(
        { id, batch: packed } satisfies WriterRequest,
        columns.map((c) => c.buffer as ArrayBuffer),
      );
    });
  }

  async close(): Promise<void> {
    this.worker.postMessage({ close: true } satisfies WriterRequest);
    await this.exited;
  }

  private failAll(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }
}
