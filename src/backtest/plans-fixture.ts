/**
 * A generated park in TouringPlans.com's recorded format, for checking that the plans backtest runs
 * on attractions it has never seen and at many rides a day: one `<attraction>.csv` per ride of
 * posted waits every few minutes from 8:00 to 21:00, and `attractions_metadata.csv` naming the park
 * and each ride's duration. Each ride has its own level and hour of peak, each day its own crowd,
 * and the readings jitter as posted waits do (in fives, sometimes falling faster than the clock).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface GeneratedPark {
  readonly park: string;
  readonly attractions: number;
  /** The first park day, `YYYY-MM-DD`. */
  readonly firstDate: string;
  readonly days: number;
  readonly seed: number;
}

const HEADER = '"park_date","wait_datetime","wait_minutes_actual","wait_minutes_posted"';

function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Writes the park's files into `dir` and returns the attraction file names. */
export function writeGeneratedPark(
  dir: string,
  { park, attractions, firstDate, days, seed }: GeneratedPark,
): string[] {
  mkdirSync(dir, { recursive: true });
  const next = generator(seed);
  const first = Date.parse(`${firstDate}T00:00:00Z`);
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(first + i * 86_400_000).toISOString().slice(0, 10),
  );
  const crowd = dates.map(() => 0.6 + next() * 0.8);
  const names = Array.from({ length: attractions }, (_, i) => `generated_ride_${pad(i + 1)}`);
  const metadata = [
    '"dataset_name","name","short_name","park","land","opened_on","duration","average_wait_per_hundred"',
  ];
  names.forEach((name, i) => {
    const level = 10 + next() * 60;
    const peakHour = 10 + next() * 8;
    const spread = 1.5 + next() * 3;
    const duration = 2 + Math.round(next() * 16) / 2;
    metadata.push(
      `"${name}","Generated Ride ${i + 1}","Ride ${i + 1}","${park}","Land ${1 + (i % 4)}",2000-01-01,${duration},3`,
    );
    const lines = [HEADER];
    dates.forEach((date, day) => {
      // A few rides are closed on a few days, as refurbishments and outages leave gaps.
      if (next() < 0.03) return;
      for (
        let minute = 8 * 60 + Math.floor(next() * 10);
        minute < 21 * 60;
        minute += 5 + Math.floor(next() * 6)
      ) {
        const hour = minute / 60;
        const shape = 0.35 + Math.exp(-(((hour - peakHour) / spread) ** 2));
        const wait = Math.max(
          0,
          Math.round((level * (crowd[day] ?? 1) * shape * (0.8 + next() * 0.4)) / 5) * 5,
        );
        const seconds = Math.floor(next() * 60);
        lines.push(`${date},"${date} ${pad(Math.floor(hour))}:${pad(minute % 60)}:${pad(seconds)}",,${wait}`);
      }
    });
    writeFileSync(join(dir, `${name}.csv`), `${lines.join('\n')}\n`);
  });
  writeFileSync(join(dir, 'attractions_metadata.csv'), `${metadata.join('\n')}\n`);
  return names;
}
