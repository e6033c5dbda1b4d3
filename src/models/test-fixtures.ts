/** What the level model's unit tests share: a steady hand-made history. */
import { HourlyHistoryBuilder, dayNumber, type RideHistory } from './hourly-history.js';

/** The first day of the hand-made histories, a Monday. */
export const START = dayNumber('2024-01-01');

/** A history of `days` days where every hour 8-21 posts `wait(day, hour)`, two readings an hour. */
export function history(days: number, wait: (day: number, hour: number) => number): RideHistory {
  const builder = new HourlyHistoryBuilder();
  for (let day = START; day < START + days; day++) {
    for (let hour = 8; hour <= 21; hour++) {
      builder.add(day, hour, wait(day, hour));
      builder.add(day, hour, wait(day, hour));
    }
  }
  return builder.build();
}
