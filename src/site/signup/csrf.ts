/**
 * The sign-up form's CSRF protection: a double-submit token. The form page sets a random token in
 * a `SameSite=Strict`, `HttpOnly` cookie scoped to the form and repeats it in a hidden field; a POST
 * must carry both, equal. Another site can neither read the cookie nor make the browser send it
 * (SameSite=Strict), so it cannot forge the pair. No server state, so any instance can check it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const CSRF_COOKIE = 'qc_signup';
export const CSRF_FIELD = 'csrf';
const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const LIFETIME_SECONDS = 3600;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The cookie that carries `token`; `Secure` when the page was reached over HTTPS. */
export function tokenCookie(token: string, secure: boolean): string {
  return `${CSRF_COOKIE}=${token}; Path=/signup; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function cookieToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return value.join('=');
  }
  return undefined;
}

/** Whether the form's token and the cookie's are present, well formed and equal. */
export function tokensMatch(cookie: string | undefined, field: unknown): boolean {
  if (typeof field !== 'string' || cookie === undefined) return false;
  if (!TOKEN_PATTERN.test(field) || !TOKEN_PATTERN.test(cookie)) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}
