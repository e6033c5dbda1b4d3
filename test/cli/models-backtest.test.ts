/**
 * The fixed contract `models backtest --touringplans DIR [--json]`, run as an operator would, on a
 * directory in TouringPlans.com's format that the models have never seen: two attractions of one
 * park, no metadata files, two years of posted waits with a weekly pattern and a level shift.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';

let dir: string;

function attractionFile(base: number): Buffer {
  const lines = ['"park_date","wait_datetime","wait_minutes_actual","wait_minutes_posted"'];
  const start = Date.UTC(2020, 0, 1);
  for (let day = 0; day < 730; day++) {
    const date = new Date(start + day * 86_400_000);
    const iso = date.toISOString().slice(0, 10);
    const level = (day >= 500 ? 1.6 : 1) * (date.getUTCDay() === 6 ? 1.4 : 1);
    for (let hour = 8; hour <= 21; hour++) {
      for (const minute of ['05', '25', '45']) {
        const wait = Math.round(base * level * (hour >= 11 && hour <= 16 ? 2 : 1) + ((day * 7 + hour) % 5));
        lines.push(`${iso},"${iso} ${String(hour).padStart(2, '0')}:${minute}:00",,${wait}`);
      }
    }
    // A timed wait, always 5 minutes: paired with the posted wait of 11:45 for the actual-wait backtest.
    lines.push(`${iso},"${iso} 12:00:00",5,`);
  }
  return gzipSync(`${lines.join('\n')}\n`);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'queuecast-backtest-'));
  writeFileSync(join(dir, 'new_coaster.csv.gz'), attractionFile(30));
  writeFileSync(join(dir, 'new_dark_ride.csv.gz'), attractionFile(10));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('models backtest', () => {
  it('prints one JSON object with the contract fields, the model beating the typical wait', async () => {
    const { stdout } = await cli(dir, 'models', 'backtest', '--touringplans', dir, '--json');
    const result = JSON.parse(stdout) as {
      attractions: {
        attraction: string;
        park: string;
        hours_scored: number;
        mae_minutes: number;
        baseline_mae_minutes: number;
        coverage_80: number;
        band_width_80_minutes: number;
        by_horizon: Record<string, { mae_minutes: number; baseline_mae_minutes: number }>;
        nowcast: Record<string, { hours_scored: number; mae_minutes: number; forecast_mae_minutes: number }>;
      }[];
      parks: {
        park: string;
        days_scored: number;
        crowd_mae_levels: number;
        crowd_within_1: number;
        crowd_within_2: number;
      }[];
      actual_waits: Record<string, unknown>[];
    };
    expect(result.attractions.map((a) => a.attraction)).toEqual(['new_coaster', 'new_dark_ride']);
    for (const attraction of result.attractions) {
      expect(attraction.park).toBe('unknown');
      expect(attraction.hours_scored).toBe(12 * 30 * 14);
      // The files carry a weekday pattern and a level shift, and no calendar for the trees to learn.
      expect(attraction.mae_minutes).toBeLessThan(attraction.baseline_mae_minutes * 0.6);
      expect(attraction.coverage_80).toBeGreaterThanOrEqual(0);
      expect(attraction.coverage_80).toBeLessThanOrEqual(1);
      expect(attraction.band_width_80_minutes).toBeGreaterThanOrEqual(0);
      expect(Object.keys(attraction.by_horizon)).toEqual(['1-7', '8-14', '15-30']);
      // Each scored day's hours from noon (after an 11:00 cut) and from 14:00 (after 13:00) to 21:00.
      expect(attraction.nowcast['11:00']?.hours_scored).toBe(12 * 30 * 10);
      expect(attraction.nowcast['13:00']?.hours_scored).toBe(12 * 30 * 8);
      for (const cut of ['11:00', '13:00']) {
        expect(attraction.nowcast[cut]?.mae_minutes).toBeGreaterThanOrEqual(0);
        expect(attraction.nowcast[cut]?.forecast_mae_minutes).toBeGreaterThanOrEqual(0);
      }
    }
    expect(result.parks).toEqual([
      expect.objectContaining({ park: 'unknown', days_scored: 12 * 30 }) as unknown,
    ]);
    expect(result.parks[0]?.crowd_within_2).toBeGreaterThanOrEqual(result.parks[0]?.crowd_within_1 ?? 1);
    // One timed wait a day over the window's 366 days, the fit having seen the 364 before them.
    expect(result.actual_waits.map((a) => a.attraction)).toEqual(['new_coaster', 'new_dark_ride']);
    for (const score of result.actual_waits) {
      expect(Object.keys(score).sort()).toEqual([
        'attraction',
        'coverage_80',
        'mae_minutes',
        'posted_mae_minutes',
        'ratio_mae_minutes',
        'readings_scored',
      ]);
      expect(score.readings_scored).toBe(366);
      expect(score.mae_minutes).toBeLessThan(1);
      expect(score.ratio_mae_minutes as number).toBeGreaterThan(score.mae_minutes as number);
      expect(score.posted_mae_minutes as number).toBeGreaterThan(score.ratio_mae_minutes as number);
    }
    // The neighbour oracle is a yardstick asked for by name, never part of the contract's object.
    expect(Object.keys(result)).not.toContain('crowd_bounds');
    expect(Object.keys(result)).not.toContain('crowd_level_bounds');
  }, 120_000);

  it('prints a readable table crediting TouringPlans.com, the yardsticks apart with --wait-bound, --crowd-bound, --nowcast-bound and --actual-bound', async () => {
    // The report's form does not depend on the calendar trees: a fit on 300 days leaves them out.
    const { stdout } = await cli(
      dir,
      'models',
      'backtest',
      '--touringplans',
      dir,
      '--wait-bound',
      '--crowd-bound',
      '--nowcast-bound',
      '--actual-bound',
      '--history-days',
      '300',
    );
    expect(stdout).toMatch(/^Data: TouringPlans\.com\./);
    expect(stdout).toMatch(/new_coaster\s+unknown\s+5040/);
    expect(stdout).toMatch(/pooled/);
    const [, waitYardsticks] = stdout.split("Not forecasts: the wait forecast's yardsticks");
    expect(waitYardsticks).toMatch(/new_coaster\s+5040\s+\d+\.\d\d(\s+-?\d+%){4}/);
    expect(waitYardsticks).toMatch(/pooled\s+\d+\s+\d+\.\d\d(\s+-?\d+%){4}/);
    const [, oracle] = stdout.split('Not a forecast: an oracle');
    expect(oracle).toMatch(/unknown\s+360\s+\d+\.\d\d\s+\d+%\s+\d+%/);
    const [, month] = stdout.split('Not a forecast either: the models');
    expect(month).toMatch(/unknown\s+360\s+\d+\.\d\d\s+\d+%\s+\d+%/);
    const [, yardsticks] = stdout.split("Not forecasts: the nowcast's yardsticks");
    expect(yardsticks).toMatch(/11:00\s+\d+(\s+\d+\.\d\d){5}(\s+-?\d+%){3}/);
    expect(yardsticks).toMatch(/13:00\s+\d+/);
    const [, hindsight] = stdout.split("Not estimates: the estimated actual wait's yardsticks");
    expect(hindsight).toMatch(/new_coaster\s+\d+(\s+\d+\.\d\d){5}/);
    expect(hindsight).toMatch(/pooled\s+\d+/);
  }, 120_000);

  it('scores the year ending at --until with a fit that sees only --history-days days', async () => {
    const { stdout } = await cli(
      dir,
      'models',
      'backtest',
      '--touringplans',
      dir,
      '--json',
      '--until',
      '2021-06-30',
      '--history-days',
      '14',
    );
    const result = JSON.parse(stdout) as {
      attractions: {
        attraction: string;
        hours_scored: number;
        mae_minutes: number;
        baseline_mae_minutes: number;
      }[];
    };
    for (const attraction of result.attractions) {
      expect(attraction.hours_scored).toBe(12 * 30 * 14);
      // Two weeks of history still know the level: the typical wait of all history does not.
      expect(attraction.mae_minutes).toBeLessThan(attraction.baseline_mae_minutes);
    }
  }, 120_000);

  it('refuses an --until that is not a date and a --history-days that is not a count', async () => {
    for (const args of [
      ['--until', '30/06/2021'],
      ['--until', '2019-02-30'],
      ['--history-days', '0'],
    ]) {
      await expect(cli(dir, 'models', 'backtest', '--touringplans', dir, ...args)).rejects.toMatchObject({
        code: 64,
        stderr: expect.stringContaining(args[0] ?? '') as unknown,
      });
    }
  }, 60_000);

  it('says on stderr when the window ending at --until holds no recorded day, with the days the files hold', async () => {
    const { stdout, stderr } = await cli(
      dir,
      'models',
      'backtest',
      '--touringplans',
      dir,
      '--until',
      '2030-01-01',
      '--json',
    );
    const result = JSON.parse(stdout) as { attractions: { hours_scored: number }[] };
    expect(result.attractions.map((attraction) => attraction.hours_scored)).toEqual([0, 0]);
    expect(stderr).toContain(
      "nothing scored: no recorded day in the 365 days ending at 2030-01-01 (the files' days run 2020-01-01 to 2021-12-30)",
    );
  }, 60_000);

  it('refuses a missing directory with the usage line and exit code 64', async () => {
    await expect(
      cli(dir, 'models', 'backtest', '--touringplans', join(dir, 'missing')),
    ).rejects.toMatchObject({
      code: 64,
      stderr: expect.stringContaining(
        'usage: npm run --silent cli -- models backtest --touringplans DIR [--json]',
      ) as unknown,
    });
  }, 60_000);
});
