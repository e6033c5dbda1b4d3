import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_PATTERN, hashKey } from './api-keys.js';
import { ManualClock } from '../lib/clock.js';
import type { Stores } from '../store/ports.js';
import { openInMemorySqliteStores } from '../store/sqlite/open-sqlite-store.js';
import {
  SIGNUPS_PER_ADDRESS,
  SIGNUP_WINDOW_MS,
  SignupService,
  appNameProblem,
  emailProblem,
} from './signup.js';

describe('emailProblem', () => {
  it.each(['dev@example.com', 'first.last+tag@sub.example.co.uk', ' Dev@Example.COM '])(
    'accepts %s',
    (email) => {
      expect(emailProblem(email)).toBeUndefined();
    },
  );

  it.each([
    ['', 'Enter the email address'],
    ['plainaddress', 'is not an email address'],
    ['two@@example.com', 'is not an email address'],
    ['no-domain@', 'is not an email address'],
    ['no-dot@localhost', 'is not an email address'],
    ['spaces in@example.com', 'is not an email address'],
    ['<script>@example.com', 'is not an email address'],
    [`${'a'.repeat(250)}@example.com`, 'at most 254 characters'],
  ])('refuses %j, saying why', (email, reason) => {
    expect(emailProblem(email)).toContain(reason);
  });
});

describe('appNameProblem', () => {
  it('accepts a name and refuses an empty, long or invisible-character one', () => {
    expect(appNameProblem('Wait Watcher')).toBeUndefined();
    expect(appNameProblem('   ')).toContain('Enter the name');
    expect(appNameProblem('x'.repeat(81))).toContain('at most 80');
    expect(appNameProblem('bad\u202ename')).toContain('control or invisible');
  });
});

describe('SignupService', () => {
  const clock = new ManualClock(Date.parse('2026-11-25T10:00:00Z'));
  let stores: Stores;
  let service: SignupService;

  beforeEach(async () => {
    stores = await openInMemorySqliteStores();
    service = new SignupService(stores.accounts, clock);
  });

  afterEach(async () => {
    await stores.close();
  });

  it('creates a free key, stores its hash only, and refuses the same email again', async () => {
    const result = await service.signUp({ email: 'Dev@Example.com', appName: ' App ', address: '192.0.2.1' });
    if (result.kind !== 'created') throw new Error(result.kind);
    expect(result.key).toMatch(KEY_PATTERN);
    expect(result.account).toMatchObject({ email: 'dev@example.com', app_name: 'App' });
    const stored = await stores.keys.findKeyByHash(hashKey(result.key));
    expect(stored).toMatchObject({ id: result.account.key_id, tier: 'free', name: 'App', revoked_at: null });
    const again = await service.signUp({ email: 'dev@example.com', appName: 'Other', address: '192.0.2.2' });
    expect(again.kind).toBe('email_taken');
    expect(await stores.keys.listKeys()).toHaveLength(1);
  });

  it(`allows ${SIGNUPS_PER_ADDRESS} sign-ups per address in a day, and more once the day has passed`, async () => {
    for (let n = 0; n < SIGNUPS_PER_ADDRESS; n++) {
      const result = await service.signUp({ email: `u${n}@example.com`, appName: 'A', address: '192.0.2.9' });
      expect(result.kind).toBe('created');
    }
    const limited = await service.signUp({ email: 'late@example.com', appName: 'A', address: '192.0.2.9' });
    expect(limited).toMatchObject({ kind: 'limited', retryAfterSeconds: 86_400 });
    clock.advance(SIGNUP_WINDOW_MS);
    expect(
      (await service.signUp({ email: 'late@example.com', appName: 'A', address: '192.0.2.9' })).kind,
    ).toBe('created');
  });

  it('validates before counting or storing anything', async () => {
    const result = await service.signUp({ email: 'nope', appName: 'A', address: '192.0.2.1' });
    expect(result).toMatchObject({ kind: 'invalid', field: 'email' });
    expect(await stores.keys.listKeys()).toEqual([]);
  });
});
