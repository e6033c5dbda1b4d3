/**
 * API keys: `pk_live_` plus 32 letters and digits from a cryptographic source. Only a SHA-256 hash
 * is stored: a key carries about 190 bits of entropy, so a fast hash cannot be brute-forced, and
 * looking a key up stays one indexed query.
 */
import { hash, randomInt } from 'node:crypto';

export const KEY_PREFIX = 'pk_live_';
export const KEY_PATTERN = /^pk_live_[A-Za-z0-9]{32}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function generateKey(): string {
  let body = '';
  // randomInt draws without modulo bias.
  for (let i = 0; i < 32; i++) body += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `${KEY_PREFIX}${body}`;
}

export function hashKey(key: string): string {
  // The one-shot hash: no Hash object per call, which matters on every keyed request.
  return hash('sha256', key, 'hex');
}

/** Enough of a key to tell keys apart in a listing, too little to use. */
export function keyHint(key: string): string {
  return `${key.slice(0, KEY_PREFIX.length + 4)}…`;
}
