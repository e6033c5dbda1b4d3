import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { presentedKey } from './presented-key.js';

const KEY = 'pk_live_abcdefghijklmnopqrstuvwxyz012345';
const bearer = (authorization: string) => presentedKey({ headers: { authorization } });

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof ApiError) return error.message;
  }
  throw new Error('expected an ApiError');
}

describe('presentedKey', () => {
  it('reads a bearer key however the scheme is spelt and spaced', () => {
    for (const authorization of [
      `Bearer ${KEY}`,
      `bearer ${KEY}`,
      `BEARER  ${KEY}`,
      `Bearer\t${KEY}`,
      `Bearer ${KEY}  `,
    ]) {
      expect(bearer(authorization)).toBe(KEY);
    }
  });

  it('passes a token that is not a key shape on, to be judged malformed', () => {
    expect(bearer('Bearer not-a-key')).toBe('not-a-key');
    expect(bearer('Bearer kéy')).toBe('kéy');
  });

  it('refuses an Authorization header that is not one bearer token', () => {
    for (const authorization of ['Bearer ', 'Bearer a b', 'Bearer a\tb', `Basic ${KEY}`, KEY]) {
      expect(refusal(() => bearer(authorization))).toMatch(/must be "Bearer <API_KEY>"/);
    }
  });

  it('treats a blank header as no key', () => {
    expect(bearer('  ')).toBeUndefined();
    expect(presentedKey({ headers: { 'x-service-key': ' ' } })).toBeUndefined();
    expect(presentedKey({ headers: {}, queryKey: '' })).toBeUndefined();
  });

  it('takes the key from X-Service-Key or the query, once', () => {
    expect(presentedKey({ headers: { 'x-service-key': KEY } })).toBe(KEY);
    expect(presentedKey({ headers: {}, queryKey: KEY })).toBe(KEY);
    expect(presentedKey({ headers: { authorization: `Bearer ${KEY}`, 'x-service-key': KEY } })).toBe(KEY);
  });

  it('refuses two different keys', () => {
    const two = { headers: { authorization: `Bearer ${KEY}`, 'x-service-key': `${KEY}x` } };
    expect(refusal(() => presentedKey(two))).toMatch(/more than one key/);
    expect(refusal(() => presentedKey({ headers: { 'x-service-key': KEY }, queryKey: 'other' }))).toMatch(
      /more than one key/,
    );
  });
});
