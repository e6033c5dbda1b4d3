/**
 * Seeded, stateless randomness. The simulator and the seeded test problems never call Math.random:
 * every draw is a hash of (seed, what, when), so any instance, test or backfill gets the same
 * numbers for the same inputs, in any order of calls.
 */

/** 32-bit FNV-1a of a string: turns ride IDs and park keys into integers once, outside hot paths. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes integers into one well-spread 32-bit hash (murmur3 finaliser per step). */
export function mix(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) from a 32-bit hash. */
export function unit(hash: number): number {
  return (hash >>> 0) / 4294967296;
}

/** mulberry32: a tiny generator for a sequence of draws under one hashed key (e.g. one ride-day). */
export class Rng {
  private state: number;

  constructor(...key: readonly number[]) {
    this.state = mix(...key);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.next());
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Exponential with the given mean (waiting times, outage lengths). */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** Standard normal (Box-Muller); used for multiplicative log-normal noise. */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Poisson count with the given mean (Knuth; means here are small). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let count = 0;
    let product = this.next();
    while (product > limit) {
      count++;
      product *= this.next();
    }
    return count;
  }
}
