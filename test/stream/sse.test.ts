/**
 * Server-Sent Events against the running server: the framing byte for byte (raw HTTP), the same
 * bytes as the WebSocket messages, the `eventsource` client receiving the snapshot and then a
 * change, the `: ping` comment, errors before the stream starts, upstream failure ending the
 * stream, and a client abort releasing the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { SITE_URL } from '../support/server.js';
import { RawResponse, SseClient, WsClient, checkedMessage, sseBlocks } from './support/clients.js';
import { NOON_NEW_YORK, advance, advanceUntil } from './support/drive.js';
import { StreamTestFeeds } from './support/feeds.js';
import { startStreamServer, type StreamServer } from './support/stream-server.js';

const clock = new ManualClock(NOON_NEW_YORK);
const feeds = new StreamTestFeeds();
const PING_MS = 250;
let server: StreamServer;
const cleanup: (() => void)[] = [];

const streamUrl = (park: string) => `${server.url}/v1/parks/${park}/waits/stream`;

async function openRaw(park: string): Promise<RawResponse> {
  const raw = await RawResponse.get(streamUrl(park));
  cleanup.push(() => {
    raw.destroy();
  });
  return raw;
}

/** Waits until the hub has forgotten every connection (clients gone, releases done). */
async function hubEmpty(): Promise<void> {
  for (let i = 0; i < 100 && server.app.streams.hub.connections.size > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(server.app.streams.hub.connections.size).toBe(0);
}

beforeAll(async () => {
  server = await startStreamServer({ clock, feeds: feeds.build, streams: { pingIntervalMs: PING_MS } });
});
afterAll(async () => {
  for (const done of cleanup) done();
  await server.close();
});

describe('GET /v1/parks/{park}/waits/stream', () => {
  it('frames retry, subscribed and snapshot byte for byte, each event one data line', async () => {
    const raw = await openRaw('mk');
    expect(raw.response.statusCode).toBe(200);
    expect(raw.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(raw.response.headers['cache-control']).toBe('no-cache');
    expect(raw.response.headers['access-control-allow-origin']).toBe('*');
    expect(raw.response.headers['x-request-id']).toBeTruthy();
    const text = await raw.until((t) => sseBlocks(t).length >= 3);
    expect(text.startsWith('retry: 5000\n\ndata: {"type":"subscribed",')).toBe(true);
    expect(text).not.toContain('\r');
    expect(text).not.toMatch(/^event:/m);
    const [retry, subscribed, snapshot] = sseBlocks(text);
    expect(retry).toBe('retry: 5000');
    for (const block of [subscribed, snapshot]) {
      expect(block).toMatch(/^data: \{[^\n]*\}$/);
    }
    const first = checkedMessage(subscribed?.slice('data: '.length) ?? '');
    expect(first).toEqual({
      type: 'subscribed',
      parks: [
        {
          id: '75ea578a-adc8-4116-a54d-dccb60765ef9',
          key: 'magic-kingdom',
          name: 'Magic Kingdom Park',
          time_zone: 'America/New_York',
          url: `${SITE_URL}/parks/magic-kingdom`,
        },
      ],
      attribution: { text: 'Live data from queuecast.test', url: `${SITE_URL}/`, required: true },
    });
    const second = checkedMessage(snapshot?.slice('data: '.length) ?? '');
    expect(second).toMatchObject({ type: 'snapshot', park_key: 'magic-kingdom', data_status: 'live' });
  });

  it('writes the same bytes as the WebSocket messages, snapshot and changes alike', async () => {
    const ws = await WsClient.open(server.wsUrl);
    cleanup.push(() => {
      ws.socket.terminate();
    });
    const wsTexts: string[] = [];
    ws.socket.on('message', (data: Buffer) => wsTexts.push(data.toString('utf8')));
    ws.send({ type: 'subscribe', parks: ['epcot'] });
    await ws.expect('ready');
    await ws.expect('subscribed');
    await ws.expect('snapshot');
    const raw = await openRaw('epcot');
    await raw.until((t) => sseBlocks(t).length >= 3);
    await advanceUntil(server, clock, () => ws.pending.some((m) => m.type === 'changes'));
    await ws.until('changes');
    const wsSnapshot = wsTexts.find((t) => t.startsWith('{"type":"snapshot"'));
    const wsChanges = wsTexts.find((t) => t.startsWith('{"type":"changes"'));
    const text = await raw.until((t) => t.includes('{"type":"changes"'));
    expect(sseBlocks(text)).toContain(`data: ${wsSnapshot ?? 'missing'}`);
    expect(sseBlocks(text)).toContain(`data: ${wsChanges ?? 'missing'}`);
  });

  it('sends a ": ping" comment every interval', async () => {
    const raw = await openRaw('dca');
    const text = await raw.until((t) => t.split(': ping\n\n').length >= 3, PING_MS * 5);
    expect(sseBlocks(text)).toContain(': ping');
  });

  it('delivers the snapshot, then a change, to the eventsource client', async () => {
    const client = new SseClient(streamUrl('Disneyland'));
    cleanup.push(() => {
      client.close();
    });
    const subscribed = await client.expect('subscribed');
    expect(subscribed.parks.map((park) => park.key)).toEqual(['disneyland']);
    const snapshot = await client.expect('snapshot');
    expect(snapshot.attribution.url).toBe(`${SITE_URL}/parks/disneyland`);
    await advanceUntil(server, clock, () => client.pending.some((m) => m.type === 'changes'));
    const changes = await client.until('changes');
    expect(changes.park_key).toBe('disneyland');
    expect(changes.changes.length).toBeGreaterThan(0);
    expect(client.errors).toBe(0);
  });

  it('answers an unknown park with a 404 envelope, not a stream', async () => {
    const response = await fetch(streamUrl('atlantis'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toMatch(/Unknown park "atlantis"/);
  });

  it('answers HEAD with the stream headers and no body', async () => {
    const response = await fetch(streamUrl('mk'), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('sends the error and ends the stream when the upstream refresh fails', async () => {
    const raw = await openRaw('epic');
    await raw.until((t) => sseBlocks(t).length >= 3);
    feeds.failing.add('epic-universe');
    try {
      await advance(server, clock);
      await raw.ended;
    } finally {
      feeds.failing.delete('epic-universe');
    }
    const last = sseBlocks(raw.text).at(-1) ?? '';
    const error = checkedMessage(last.slice('data: '.length));
    expect(error).toMatchObject({ type: 'error', code: 'upstream_unavailable', park_key: 'epic-universe' });
  });

  it('forgets a client that goes away', async () => {
    for (const done of cleanup.splice(0)) done();
    const raw = await openRaw('mk');
    await raw.until((t) => sseBlocks(t).length >= 3);
    expect(server.app.streams.hub.subscriberCount('magic-kingdom')).toBe(1);
    raw.destroy();
    await hubEmpty();
    expect(server.app.streams.hub.subscriberCount('magic-kingdom')).toBe(0);
  });
});
