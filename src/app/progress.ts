/**
 * The backfill's progress on stderr: a redrawn bar on a terminal, a line every 10% otherwise (CI
 * logs, journald), and a closing line with the totals.
 */
import type { CatchUpProgress } from '../ingest/ingest.js';
import { localDate } from '../lib/time.js';

const WIDTH = 30;

export interface ProgressReporter {
  readonly onProgress: (progress: CatchUpProgress) => void;
  /** Prints the closing line; says nothing when there was nothing to catch up. */
  finish(rows: number): void;
}

export function catchUpProgress(
  stream: NodeJS.WriteStream = process.stderr,
  now = () => performance.now(),
): ProgressReporter {
  const started = now();
  let lastDecile = -1;
  let shown = false;
  return {
    onProgress: ({ park, fraction, at, rows }) => {
      const percent = Math.min(100, Math.floor(fraction * 100));
      const filled = Math.round((percent / 100) * WIDTH);
      const text = `history [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(percent).padStart(3)}%  ${park.key} ${localDate(at, park.time_zone)}  ${rows.toLocaleString('en-US')} rows`;
      if (stream.isTTY) {
        stream.write(`\r${text.padEnd(100)}`);
        shown = true;
      } else if (Math.floor(percent / 10) > lastDecile) {
        lastDecile = Math.floor(percent / 10);
        stream.write(`${text}\n`);
        shown = true;
      }
    },
    finish: (rows) => {
      if (!shown) return;
      const seconds = ((now() - started) / 1000).toFixed(1);
      stream.write(
        `${stream.isTTY ? '\n' : ''}history ready: ${rows.toLocaleString('en-US')} changes recorded in ${seconds} s\n`,
      );
    },
  };
}
