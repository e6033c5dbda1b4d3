/**
 * What a hostile WebSocket client sends: messages nested thousands deep, oversized, malformed or
 * far too many. Each gets an `error` that says what is accepted; the first kinds leave the
 * connection open, the last two close it (1009, 1013).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { WsClient } from './support/clients.js';
import { startStreamServer, type StreamServer } from './support/stream-server.js';

let server: StreamServer;

beforeAll(async () => {
  server = await startStreamServer({ clock: new ManualClock(Date.parse('2026-11-21T17:00:00Z')) });
});
afterAll(() => server.close());

async function ready(): Promise<WsClient> {
  const client = await WsClient.open(server.wsUrl);
  await client.expect('ready');
  return client;
}

describe('hostile WebSocket messages', () => {
  it.each([
    ['an array nested 5,000 deep', '['.repeat(5_000) + ']'.repeat(5_000)],
    ['an object nested 2,500 deep', '{"a":'.repeat(2_500) + '1' + '}'.repeat(2_500)],
    ['parks nested deep', `{"type":"subscribe","parks":${'['.repeat(4_000)}${']'.repeat(4_000)}}`],
    ['truncated JSON', '{"type":"subscribe","parks":["mk"'],
    ['a park name with a NUL', '{"type":"subscribe","parks":["mk\\u0000"]}'],
    ['a park name with a bidi override', '{"type":"subscribe","parks":["mk\\u202e"]}'],
    ['a 10 KB park name', JSON.stringify({ type: 'subscribe', parks: ['x'.repeat(10_000)] })],
  ])('answers %s with invalid_request or not_found and stays open', async (_case, text) => {
    const client = await ready();
    client.send(text);
    const error = await client.expect('error');
    expect(['invalid_request', 'not_found']).toContain(error.code);
    expect(error.message.length).toBeLessThan(1_000);
    client.send({ type: 'ping' });
    await client.expect('pong');
    await client.closeAndWait();
  });

  it('answers a message over 16 KB with an error, then closes 1009', async () => {
    const client = await ready();
    client.send(JSON.stringify({ type: 'subscribe', parks: ['y'.repeat(20_000)] }));
    const error = await client.expect('error');
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/larger than 16384 bytes/);
    expect((await client.closed).code).toBe(1009);
  });

  it('closes 1013 with rate_limited a client that sends more than 20 messages a second', async () => {
    const client = await ready();
    for (let i = 0; i < 40; i++) client.send({ type: 'ping' });
    const messages = [];
    for (;;) {
      const message = await client.next();
      messages.push(message);
      if (message.type === 'error') break;
    }
    expect(messages.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(20);
    expect(messages.at(-1)).toMatchObject({ type: 'error', code: 'rate_limited' });
    expect((await client.closed).code).toBe(1013);
  });
});
