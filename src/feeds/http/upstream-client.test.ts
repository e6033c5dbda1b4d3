import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { FakeUpstream } from '../../../test/support/fake-upstream.js';
import { SharedRefresh } from './shared-refresh.js';
import { parseRetryAfter, UpstreamClient } from './upstream-client.js';

const AT = Date.parse('2026-10-03T15:00:00Z');
let upstream: FakeUpstream;
let clock: ManualClock;

beforeEach(async () => {
  clock = new ManualClock(AT);
  upstream = new FakeUpstream().serve('/ok', { body: { ok: true } });
  await upstream.start();
});
afterEach(async () => {
  await upstream.stop();
});

const client = (extra: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) =>
  new UpstreamClient({
    feed: 'test',
    label: 'Test upstream',
    baseUrl: upstream.url,
    userAgent: 'queuecast (ops@example.com)',
    clock,
    ...extra,
  });

describe('UpstreamClient', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('30', AT)).toBe(30);
    expect(parseRetryAfter(new Date(AT + 90_000).toUTCString(), AT)).toBe(90);
    expect(parseRetryAfter(null, AT)).toBeUndefined();
    expect(parseRetryAfter('soon', AT)).toBeUndefined();
  });

  it('backs off exponentially with jitter between retries', async () => {
    const waits: number[] = [];
    upstream.serve('/down', { status: 500, body: 'x' });
    const jittered = client({
      retries: 3,
      backoffMs: 100,
      random: () => 0.25,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await expect(jittered.getJson('/down')).rejects.toThrow(/answered 500/);
    expect(waits).toEqual([75, 150, 300]);
    expect(upstream.count('/down')).toBe(4);
  });

  it('does not retry a 4xx and leaves its wording to the adapter', async () => {
    upstream.serve('/missing', { status: 404, body: { title: 'Not Found' } });
    await expect(
      client({ describeFailure: (status, text) => `custom ${status} ${text}` }).getJson('/missing'),
    ).rejects.toThrow('custom 404 {"title":"Not Found"}');
    expect(upstream.count('/missing')).toBe(1);
  });

  it('records raw payloads only when asked, under the feed name', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'queuecast-record-'));
    try {
      await client().getJson('/ok');
      expect(await readdir(dir)).toEqual([]);
      await client({ recordDir: dir }).getJson('/ok?x=1');
      const files = await readdir(join(dir, 'test'));
      expect(files).toEqual(['2026-10-03T15-00-00-000Z-ok_x_1.json']);
      expect(JSON.parse(await readFile(join(dir, 'test', files[0] ?? ''), 'utf8'))).toEqual({ ok: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('UpstreamClient etiquette', () => {
  it('keeps at most maxInFlight requests open; a hanging one holds one slot only', async () => {
    upstream.serve('/slow', { body: { ok: true }, delayMs: 150 });
    const bounded = client({ maxInFlight: 2 });
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, bounded.requestsInFlight);
    }, 5);
    try {
      const reads = Array.from({ length: 6 }, () => bounded.getJson('/slow'));
      await Promise.all(reads);
    } finally {
      clearInterval(watch);
    }
    expect(most).toBe(2);
    expect(bounded.requestsInFlight).toBe(0);
    expect(upstream.count('/slow')).toBe(6);
  });

  it('spreads reads due together at the pace after the first burst', async () => {
    const waits: number[] = [];
    const paced = client({
      pace: { reads: 120, windowMs: 60_000, burst: 2 },
      paceNow: () => clock.now(),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await Promise.all(Array.from({ length: 5 }, () => paced.getJson('/ok')));
    // Two start at once, each later one 500 ms (60 s / 120 reads) after the one before.
    expect(waits).toEqual([500, 1_000, 1_500]);
    clock.advance(60_000);
    waits.length = 0;
    await paced.getJson('/ok');
    expect(waits).toEqual([]);
  });

  it('obeys a 429: nothing is sent to that upstream until Retry-After has passed', async () => {
    upstream.serve('/limited', { status: 429, headers: { 'Retry-After': '30' }, body: {} });
    const limited = client();
    await expect(limited.getJson('/limited')).rejects.toMatchObject({
      code: 'upstream_limit',
      retryAfterSeconds: 30,
    });
    await expect(limited.getJson('/ok')).rejects.toMatchObject({ code: 'upstream_limit' });
    expect(upstream.count('/ok')).toBe(0);
    clock.advance(30_000);
    await expect(limited.getJson('/ok')).resolves.toMatchObject({ body: { ok: true } });
  });
});

describe('SharedRefresh', () => {
  it('shares a read in flight and its result (or failure) for the interval', async () => {
    const shared = new SharedRefresh<number>(clock, 5_000);
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    expect(await Promise.all([shared.get('a', read), shared.get('a', read)])).toEqual([1, 1]);
    expect(await shared.get('b', read)).toBe(2);
    clock.advance(4_999);
    expect(await shared.get('a', read)).toBe(1);
    clock.advance(1);
    expect(await shared.get('a', read)).toBe(3);
    const failing = new SharedRefresh<number>(clock, 5_000);
    let attempts = 0;
    const fail = () => Promise.reject(new Error(`down ${++attempts}`));
    await expect(failing.get('a', fail)).rejects.toThrow('down 1');
    await expect(failing.get('a', fail)).rejects.toThrow('down 1');
    // A failure is retried after the short failure interval, not the whole interval.
    const slow = new SharedRefresh<number>(clock, 600_000, 5_000);
    await expect(slow.get('a', fail)).rejects.toThrow('down 2');
    clock.advance(4_999);
    await expect(slow.get('a', fail)).rejects.toThrow('down 2');
    clock.advance(1);
    await expect(slow.get('a', fail)).rejects.toThrow('down 3');
  });
});
