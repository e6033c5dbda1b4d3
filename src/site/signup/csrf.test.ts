import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, cookieToken, newToken, tokenCookie, tokensMatch } from './csrf.js';

describe('the sign-up form’s double-submit token', () => {
  it('matches only the same well-formed token in the cookie and the form', () => {
    const token = newToken();
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(token, newToken())).toBe(false);
    expect(tokensMatch(undefined, token)).toBe(false);
    expect(tokensMatch(token, undefined)).toBe(false);
    expect(tokensMatch(token, [token])).toBe(false);
    expect(tokensMatch('short', 'short')).toBe(false);
  });

  it('reads its cookie among others, and sets it strict, HTTP-only and scoped to the form', () => {
    const token = newToken();
    expect(cookieToken(`a=1; ${CSRF_COOKIE}=${token}; b=2`)).toBe(token);
    expect(cookieToken('a=1')).toBeUndefined();
    expect(tokenCookie(token, false)).toBe(
      `${CSRF_COOKIE}=${token}; Path=/signup; Max-Age=3600; HttpOnly; SameSite=Strict`,
    );
    expect(tokenCookie(token, true)).toMatch(/; Secure$/);
  });
});
