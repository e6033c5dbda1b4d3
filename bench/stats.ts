/** Small helpers every benchmark shares: medians, pauses, progress on stderr, memory and file sizes. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The middle value (the lower of the two middles for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/**
 * The pair whose ratio (first / second) is the median of the pairs' ratios (the lower middle for an
 * even count). A subject and its baseline measured back to back share the machine's slower swings,
 * which a ratio of two separate medians does not cancel.
 */
export function medianPair(pairs: readonly (readonly [number, number])[]): readonly [number, number] {
  const byRatio = [...pairs].sort((a, b) => a[0] / a[1] - b[0] / b[1]);
  return byRatio[Math.floor((byRatio.length - 1) / 2)] ?? [NaN, NaN];
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Progress goes to stderr: stdout carries only the table (or the JSON rows). */
export function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Process memory after full collections (needs --expose-gc), with pauses so freed pages go back first. */
export async function collectedMemory(): Promise<{ rss: number; heapUsed: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await sleep(200);
  }
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

/** Bytes of every file directly in `dir` (a database and any WAL left beside it). */
export function directoryBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}
