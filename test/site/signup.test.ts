/**
 * The free-key sign-up over HTTP: the form's CSRF token, clear refusals (malformed email, repeated
 * sign-up, too many sign-ups from one address), and a key shown once, stored only as its hash, that
 * works at once with the free tier's limits.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../src/services/api-keys.js';
import { SIGNUPS_PER_ADDRESS } from '../../src/services/signup.js';
import { BetterSqlite3 } from '../../src/store/sqlite/native.js';
import { SQLITE_FILE_NAME } from '../../src/store/sqlite/open-sqlite-store.js';
import { startServer, type TestServer } from '../support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: 'loopback' } });
});

afterAll(async () => {
  await server.close();
});

interface FormSession {
  readonly cookie: string;
  readonly token: string;
}

/** Opens the form as a browser would: the cookie it sets and the token in its hidden field. */
async function openForm(address = '203.0.113.9'): Promise<FormSession> {
  const response = await server.get('/signup', { headers: { 'x-forwarded-for': address } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const setCookie = response.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^qc_signup=[\w-]{32}; Path=\/signup; Max-Age=3600; HttpOnly; SameSite=Strict$/);
  const html = await response.text();
  const token = /name="csrf" value="([\w-]+)"/.exec(html)?.[1] ?? '';
  return { cookie: setCookie.split(';')[0] ?? '', token };
}

async function submit(
  fields: Record<string, string>,
  session: FormSession | undefined,
  address = '203.0.113.9',
) {
  const response = await server.get('/signup', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': address,
      ...(session ? { cookie: session.cookie } : {}),
    },
    body: new URLSearchParams({ ...(session ? { csrf: session.token } : {}), ...fields }).toString(),
  });
  return { response, html: await response.text() };
}

const keyIn = (html: string) => /<p class="key" id="api-key">(pk_live_[A-Za-z0-9]{32})<\/p>/.exec(html)?.[1];

describe('free-key sign-up', () => {
  it('creates a key that works at once with the free tier’s limits, and stores only its hash', async () => {
    const { response, html } = await submit(
      { email: 'Dev@Example.com', app_name: 'Wait Watcher' },
      await openForm(),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const key = keyIn(html);
    expect(key).toBeDefined();
    const api = await server.get('/v1/parks', { headers: { authorization: `Bearer ${key}` } });
    expect(api.status).toBe(200);
    expect(api.headers.get('x-ratelimit-limit')).toBe('120');

    const db = new BetterSqlite3(join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      const account = db.prepare('select * from accounts').get() as Record<string, unknown>;
      expect(account).toMatchObject({ email: 'dev@example.com', app_name: 'Wait Watcher' });
      const stored = db.prepare('select * from api_keys where id = ?').get(account.key_id) as Record<
        string,
        unknown
      >;
      expect(stored).toMatchObject({ hash: hashKey(key ?? ''), tier: 'free', name: 'Wait Watcher' });
      const everything = JSON.stringify([
        db.prepare('select * from accounts').all(),
        db.prepare('select * from api_keys').all(),
      ]);
      expect(everything).not.toContain(key);
      expect(everything).not.toContain('203.0.113.9');
    } finally {
      db.close();
    }
  });

  it('refuses a repeated sign-up for the same email, whatever its case', async () => {
    const { response, html } = await submit(
      { email: ' dev@EXAMPLE.com ', app_name: 'Again' },
      await openForm(),
    );
    expect(response.status).toBe(409);
    expect(html).toContain('dev@example.com already has a free key.');
    expect(keyIn(html)).toBeUndefined();
  });

  it('refuses a malformed email or a missing app name, keeping what was typed', async () => {
    const bad = await submit({ email: 'not-an-email', app_name: 'My app' }, await openForm());
    expect(bad.response.status).toBe(400);
    expect(bad.html).toContain(
      '&quot;not-an-email&quot; is not an email address: it should look like name@example.com.',
    );
    expect(bad.html).toContain('aria-invalid="true"');
    expect(bad.html).toContain('value="My app"');
    const noApp = await submit({ email: 'someone@example.com', app_name: '  ' }, await openForm());
    expect(noApp.response.status).toBe(400);
    expect(noApp.html).toContain('Enter the name of the app or website the key is for.');
  });

  it('refuses a submission without the form’s token, or with another session’s', async () => {
    const missing = await submit({ email: 'csrf@example.com', app_name: 'x' }, undefined);
    expect(missing.response.status).toBe(403);
    expect(missing.html).toContain('This form expired or was not sent from this site.');
    const first = await openForm();
    const second = await openForm();
    const mixed = await submit(
      { email: 'csrf@example.com', app_name: 'x' },
      { cookie: first.cookie, token: second.token },
    );
    expect(mixed.response.status).toBe(403);
    const crossSite = await server.get('/signup', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: first.cookie,
        'sec-fetch-site': 'cross-site',
      },
      body: new URLSearchParams({ csrf: first.token, email: 'csrf@example.com', app_name: 'x' }).toString(),
    });
    expect(crossSite.status).toBe(403);
  });

  it(`allows ${SIGNUPS_PER_ADDRESS} sign-ups per address a day, then says when to come back`, async () => {
    const address = '198.51.100.7';
    for (let n = 0; n < SIGNUPS_PER_ADDRESS; n++) {
      const { response } = await submit(
        { email: `user${n}@example.org`, app_name: `App ${n}` },
        await openForm(address),
        address,
      );
      expect(response.status).toBe(201);
    }
    const { response, html } = await submit(
      { email: 'one-more@example.org', app_name: 'More' },
      await openForm(address),
      address,
    );
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('86400');
    expect(html).toContain('the most allowed');
    // Another address is not affected.
    const other = await submit(
      { email: 'one-more@example.org', app_name: 'More' },
      await openForm('198.51.100.8'),
      '198.51.100.8',
    );
    expect(other.response.status).toBe(201);
  });

  it('is the only route that takes a POST', async () => {
    expect((await server.get('/', { method: 'POST' })).status).toBe(405);
    expect((await server.get('/v1/parks', { method: 'POST' })).status).toBe(405);
    expect((await server.get('/signup', { method: 'PUT' })).status).toBe(405);
  });
});
