import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../app/logger.js';
import { Catalog } from '../catalog/catalog.js';
import { ManualClock } from '../lib/clock.js';
import type { Frame } from './frame.js';
import type { StreamHub } from './hub.js';
import type { StreamMessages } from './messages.js';
import { SseConnection } from './sse-connection.js';

/** The part of a ServerResponse the connection uses, with a buffer that never drains. */
class StuckResponse extends EventEmitter {
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  readonly written: string[] = [];
  writeHead() {
    return this;
  }
  write(chunk: Buffer) {
    this.written.push(chunk.toString());
    this.writableLength += chunk.length;
    return false;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

const frame = (text: string): Frame => ({
  type: 'changes',
  ws: Buffer.from(text),
  sse: Buffer.from(`data: ${text}\n\n`),
});

describe('SseConnection', () => {
  it('drops a client with more than the limit unsent, before writing more, and releases it', () => {
    const response = new StuckResponse();
    const removed: unknown[] = [];
    let released = 0;
    const hub = {
      add: () => undefined,
      subscribe: () => undefined,
      remove: (connection: unknown) => removed.push(connection),
    } as unknown as StreamHub;
    const messages = { subscribed: () => frame('{"type":"subscribed"}') } as unknown as StreamMessages;
    const connection = new SseConnection(
      response as unknown as ServerResponse,
      {
        hub,
        messages,
        clock: new ManualClock(0),
        logger: createLogger('silent'),
        options: { maxBufferedBytes: 100 },
      },
      { ok: true, release: () => (released += 1) },
    );
    const park = Catalog.load().park('mk');
    if (!park) throw new Error('no mk');
    connection.start(park, {});
    expect(response.written).toEqual(['retry: 5000\n\n', 'data: {"type":"subscribed"}\n\n']);
    connection.send(frame('x'.repeat(60)));
    expect(response.destroyed).toBe(false);
    connection.send(frame('z'));
    expect(response.destroyed).toBe(true);
    expect(response.written).toHaveLength(3);
    expect(removed).toContain(connection);
    expect(released).toBe(1);
  });
});
