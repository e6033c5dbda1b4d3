/**
 * Reads what a WebSocket client sends (SPEC "Events": subscribe, unsubscribe, ping) and resolves
 * the parks it names. Anything else is answered with an `error` that says what is accepted; the
 * connection stays open.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { Park } from '../catalog/types.js';
import { MAX_PARKS_PER_SUBSCRIBE } from './options.js';

export type ClientMessage =
  | { readonly type: 'subscribe'; readonly parks: readonly string[] }
  | { readonly type: 'unsubscribe'; readonly parks: readonly string[] }
  | { readonly type: 'ping' };

export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: 'invalid_request' | 'not_found'; readonly message: string };

export const ACCEPTED_MESSAGES =
  'Accepted messages: {"type":"subscribe","parks":["magic-kingdom"]} with 1 to 10 park keys, IDs, names or aliases (or ["*"] for every park), {"type":"unsubscribe","parks":[...]} and {"type":"ping"}.';

const PARKS_RULE = `"parks" must be an array of 1 to ${MAX_PARKS_PER_SUBSCRIBE} park keys, IDs, names or aliases, or ["*"] for every park`;

const invalid = (problem: string): Outcome<never> => ({
  ok: false,
  code: 'invalid_request',
  message: `${problem} ${ACCEPTED_MESSAGES}`,
});

/**
 * A short description of a value a client sent, for an error message. It never walks the value: a
 * message can nest thousands of levels deep.
 */
function describe(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 57 ? `${value.slice(0, 57)}...` : value).replace(
      /\p{C}/gu,
      (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
    );
  }
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}

/** Control and invisible formatting characters, which a park identifier never holds. */
const INVISIBLE = /\p{C}/u;

/** Parses one WebSocket message (`ws` hands text as a Buffer with `isBinary` false). */
export function parseClientMessage(data: Buffer, isBinary: boolean): Outcome<ClientMessage> {
  if (isBinary) return invalid('Binary messages are not accepted; send JSON text.');
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch {
    return invalid('The message is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(`The message must be a JSON object with a "type" (got ${describe(value)}).`);
  }
  const { type, parks } = value as { type?: unknown; parks?: unknown };
  if (type === 'ping') return { ok: true, value: { type } };
  if (type !== 'subscribe' && type !== 'unsubscribe') {
    return invalid(
      type === undefined ? 'The message has no "type".' : `Unknown message type ${describe(type)}.`,
    );
  }
  if (
    !Array.isArray(parks) ||
    parks.length < 1 ||
    parks.length > MAX_PARKS_PER_SUBSCRIBE ||
    !parks.every(
      (entry): entry is string => typeof entry === 'string' && entry.trim() !== '' && !INVISIBLE.test(entry),
    )
  ) {
    return invalid(`In ${type}, ${PARKS_RULE} (got ${describe(parks)}).`);
  }
  if (parks.includes('*') && parks.length > 1) {
    return invalid(`In ${type}, "*" stands alone: ${PARKS_RULE}.`);
  }
  return { ok: true, value: { type, parks } };
}

/** The parks `entries` name, each once, in the order given; `*` is every park. */
export function resolveParks(catalog: Catalog, entries: readonly string[]): Outcome<readonly Park[]> {
  if (entries.length === 1 && entries[0] === '*') return { ok: true, value: catalog.parks };
  const parks: Park[] = [];
  const unknown: string[] = [];
  for (const entry of entries) {
    const park = catalog.park(entry);
    if (!park) unknown.push(entry);
    else if (!parks.includes(park)) parks.push(park);
  }
  if (unknown.length > 0) {
    const keys = catalog.parks.map((park) => park.key).join(', ');
    return {
      ok: false,
      code: 'not_found',
      message: `Unknown park ${unknown.map((entry) => describe(entry)).join(', ')}. Valid park keys: ${keys}. Canonical IDs, names and aliases (such as mk or dca) work too, and "*" means every park. Nothing was changed.`,
    };
  }
  return { ok: true, value: parks };
}
