/**
 * The key a request presents: `Authorization: Bearer`, `X-Service-Key`, or (streams only) `?key=`.
 * A request may repeat one key in several places, but not present two different ones.
 */
import { ApiError } from '../errors.js';

const DROP_KEY = 'Check the key, or drop the key headers (and ?key=) to use the keyless allowance.';

export interface KeyCarrier {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The query key, when the endpoint accepts one. */
  readonly queryKey?: string | undefined;
}

/** The presented key; undefined when none is; ApiError(invalid_key) when it cannot be read. */
export function presentedKey(request: KeyCarrier): string | undefined {
  const bearer = bearerKey(request.headers.authorization);
  const header = nonBlank(request.headers['x-service-key']);
  const query = request.queryKey === '' ? undefined : request.queryKey;
  const key = bearer ?? header ?? query;
  if ((header !== undefined && header !== key) || (query !== undefined && query !== key))
    throw new ApiError('invalid_key', `The request presents more than one key; send one. ${DROP_KEY}`);
  return key;
}

const BEARER = 'Bearer ';

function bearerKey(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  // The usual spelling, read without a regular expression: this runs on every keyed request.
  if (authorization.startsWith(BEARER) && isPlainToken(authorization, BEARER.length)) {
    return authorization.slice(BEARER.length);
  }
  if (authorization.trim() === '') return undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!bearer?.[1]) {
    throw new ApiError('invalid_key', `The Authorization header must be "Bearer <API_KEY>". ${DROP_KEY}`);
  }
  return bearer[1];
}

/** Whether `text` from `start` to its end is printable ASCII without spaces (and not empty). */
function isPlainToken(text: string, start: number): boolean {
  if (start >= text.length) return false;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f) return false;
  }
  return true;
}

function nonBlank(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
}

export function invalidKeyMessage(reason: 'malformed' | 'unknown' | 'revoked'): string {
  const what = {
    malformed: 'The key is malformed: keys are pk_live_ followed by 32 letters and digits.',
    unknown: 'The key is not known to this server.',
    revoked: 'The key has been revoked.',
  }[reason];
  return `${what} ${DROP_KEY}`;
}
