/**
 * Free-key sign-up (the website's form): validates the email and app name, limits sign-ups per
 * client address, and creates the account with a new free-tier key. The key is returned once and
 * only its hash is stored (the key store's own code makes it); it works at once, with the free
 * tier's limits.
 */
import { generateKey, hashKey, keyHint } from './api-keys.js';
import type { Clock } from '../lib/clock.js';
import type { AccountRecord, AccountStore } from '../store/ports.js';

/** Sign-ups one client address may make per window (a household or an office, not a script). */
export const SIGNUPS_PER_ADDRESS = 5;
export const SIGNUP_WINDOW_MS = 24 * 60 * 60_000;

export const EMAIL_MAX_LENGTH = 254;
export const APP_NAME_MAX_LENGTH = 80;

export interface SignupRequest {
  readonly email: string;
  readonly appName: string;
  /** The client address as the server sees it (TRUST_PROXY applied). */
  readonly address: string;
}

export type SignupField = 'email' | 'app_name';

export type SignupResult =
  | { readonly kind: 'created'; readonly key: string; readonly account: AccountRecord }
  | { readonly kind: 'invalid'; readonly field: SignupField; readonly message: string }
  | { readonly kind: 'email_taken'; readonly message: string }
  | { readonly kind: 'limited'; readonly message: string; readonly retryAfterSeconds: number };

/** One `@`, a non-empty local part, a dotted domain, no spaces: what a real mailbox address looks like. */
const EMAIL =
  /^[^\s@<>()[\]\\,;:"]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Why `email` is refused, or undefined when it is fine. */
export function emailProblem(email: string): string | undefined {
  const normalized = normalizeEmail(email);
  if (normalized === '') return 'Enter the email address to register the key to.';
  if (normalized.length > EMAIL_MAX_LENGTH)
    return `An email address has at most ${EMAIL_MAX_LENGTH} characters.`;
  if (!EMAIL.test(normalized))
    return `"${normalized}" is not an email address: it should look like name@example.com.`;
  return undefined;
}

export function appNameProblem(appName: string): string | undefined {
  const trimmed = appName.trim();
  if (trimmed === '') return 'Enter the name of the app or website the key is for.';
  if (trimmed.length > APP_NAME_MAX_LENGTH)
    return `An app name has at most ${APP_NAME_MAX_LENGTH} characters.`;
  if (CONTROL.test(trimmed)) return 'The app name must not contain control or invisible characters.';
  return undefined;
}

export class SignupService {
  constructor(
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
  ) {}

  async signUp(request: SignupRequest): Promise<SignupResult> {
    const emailError = emailProblem(request.email);
    if (emailError) return { kind: 'invalid', field: 'email', message: emailError };
    const appError = appNameProblem(request.appName);
    if (appError) return { kind: 'invalid', field: 'app_name', message: appError };

    const now = this.clock.now();
    const addressHash = hashKey(`signup-address:${request.address}`);
    // A sign-up counts for exactly one window: one made at `now - SIGNUP_WINDOW_MS` no longer does.
    const recent = await this.accounts.countSignups(addressHash, now - SIGNUP_WINDOW_MS + 1);
    if (recent >= SIGNUPS_PER_ADDRESS) {
      return {
        kind: 'limited',
        message: `This address has made ${SIGNUPS_PER_ADDRESS} sign-ups in the last 24 hours, the most allowed. Try again tomorrow, or use a key you already have.`,
        retryAfterSeconds: Math.ceil(SIGNUP_WINDOW_MS / 1000),
      };
    }

    const email = normalizeEmail(request.email);
    const key = generateKey();
    const created = await this.accounts.createAccount(
      { email, app_name: request.appName.trim(), signup_address_hash: addressHash, created_at: now },
      { hash: hashKey(key), hint: keyHint(key), tier: 'free', name: request.appName.trim(), created_at: now },
    );
    if (created.kind === 'email_taken') {
      return {
        kind: 'email_taken',
        message: `${email} already has a free key. Keys are shown once and only their hash is kept, so it cannot be shown again; use the key you saved.`,
      };
    }
    return { kind: 'created', key, account: created.account };
  }
}
