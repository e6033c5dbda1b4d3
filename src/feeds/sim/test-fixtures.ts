/** What the simulator's unit tests share: the catalog, one simulator over it, and `must`. */
import { Catalog } from '../../catalog/catalog.js';
import type { Park } from '../../catalog/types.js';
import { Simulator } from './simulator.js';

/** The value, or a thrown error naming what was missing (tests fail loudly instead of asserting `!`). */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
}

export const catalog = Catalog.load();
export const sim = new Simulator(catalog);
export const park = (key: string): Park => must(catalog.park(key), `park ${key}`);
