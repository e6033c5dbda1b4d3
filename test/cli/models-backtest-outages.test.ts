/**
 * The fixed contract `models backtest-outages [--json]`, run as an operator would, on a store whose
 * recorded history has a known answer: three weeks of one ride stopping every day at the same hour
 * for exactly 30 minutes. One run of the command: its table is checked on the object it printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../../src/app/drivers.js';
import { loadConfig } from '../../src/config/index.js';
import type { IngestBatch } from '../../src/store/ports.js';
import type { OutageBacktestResult } from '../../src/backtest/outage-backtest.js';
import { formatOutageBacktest } from '../../src/cli/commands/models/backtest-outages.js';
import { cli, cliWith } from '../support/cli.js';

const PARK = 'magic-kingdom';
const RIDE = 'magic-kingdom_space-mountain';
const DAY = 86_400_000;
const HOUR = 3_600_000;
const FIRST = Date.parse('2026-10-01T00:00:00Z');
const DAYS = 21;

let dir: string;
let result: OutageBacktestResult;

/** Open 13:00-22:00 UTC; down 14:00-14:30 every day. */
function history(): IngestBatch {
  const batch = {
    changes: [] as IngestBatch['changes'][number][],
    openedOutages: [] as IngestBatch['openedOutages'][number][],
    endedOutages: [] as IngestBatch['endedOutages'][number][],
    transitions: [] as IngestBatch['transitions'][number][],
  };
  for (let day = 0; day < DAYS; day++) {
    const at = (hours: number) => FIRST + day * DAY + hours * HOUR;
    const change = (hours: number, status: string) => ({
      ride_id: RIDE,
      park_key: PARK,
      at: at(hours),
      status,
      standby_wait_minutes: status === 'OPERATING' ? 20 : null,
    });
    batch.changes.push(
      change(13, 'OPERATING'),
      change(14, 'DOWN'),
      change(14.5, 'OPERATING'),
      change(22, 'CLOSED'),
    );
    batch.openedOutages.push({ ride_id: RIDE, park_key: PARK, status: 'DOWN', started_at: at(14) });
    batch.endedOutages.push({ ride_id: RIDE, started_at: at(14), ended_at: at(14.5) });
    batch.transitions.push(
      { park_key: PARK, at: at(13), state: 'open' },
      { park_key: PARK, at: at(22), state: 'closed' },
    );
  }
  // Recorded up to 13:00 on day 21: origins at 13:00 on days 7 and 14.
  return { ...batch, checkpoints: [{ park_key: PARK, at: FIRST + DAYS * DAY + 13 * HOUR }] };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'queuecast-backtest-outages-'));
  const stores = await openStores(loadConfig({ DATA_DIR: dir }));
  try {
    await stores.history.apply(history());
  } finally {
    await stores.close();
  }
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('models backtest-outages', () => {
  it('prints one JSON object with a checkpoint per minutes down, scoring known outages exactly', async () => {
    const { stdout } = await cli(dir, 'models', 'backtest-outages', '--json');
    result = JSON.parse(stdout) as OutageBacktestResult;
    expect(result.origins).toBe(2);
    const exact = { mae_minutes: 0, naive_mae_minutes: 0, coverage_80: 1 };
    const none = { outages_scored: 0, mae_minutes: null, naive_mae_minutes: null, coverage_80: null };
    expect(result.checkpoints).toEqual([
      { minutes_down: 0, outages_scored: 14, ...exact },
      { minutes_down: 10, outages_scored: 14, ...exact },
      { minutes_down: 30, ...none },
      { minutes_down: 60, ...none },
    ]);
  });

  it('words the same result as a table for people without --json', () => {
    expect(formatOutageBacktest(result)).toMatch(/^all\s+10\s+14\s+0\.00\s+0\.00/m);
  });
});

describe('models backtest-outages on a fresh data directory', () => {
  it("records the embedded default's history first, as the server's first start would, and scores it", async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'queuecast-backtest-outages-fresh-'));
    try {
      // Three weeks of coverage keep the run short; the default coverage start gives two months.
      const coverageStart = new Date(Date.now() - 22 * DAY).toISOString().slice(0, 10);
      const run = () =>
        cliWith({ DATA_DIR: fresh, COVERAGE_START: coverageStart }, 'models', 'backtest-outages', '--json');
      const first = await run();
      const scored = JSON.parse(first.stdout) as OutageBacktestResult;
      expect(scored.origins).toBeGreaterThan(0);
      expect(scored.checkpoints[0]?.outages_scored).toBeGreaterThan(0);
      expect(first.stderr).toMatch(/rows/);
      // A second run reads what the first recorded and records nothing more.
      const second = await run();
      expect(second.stderr).toBe('');
      expect((JSON.parse(second.stdout) as OutageBacktestResult).origins).toBe(scored.origins);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 120_000);
});
