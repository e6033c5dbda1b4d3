/**
 * Real stream clients for the tests: the `ws` WebSocket client, the `eventsource` package, and a
 * raw HTTP reader for byte-exact SSE. Every message received is checked against the published
 * message schemas (src/stream/schemas.ts) before a test sees it.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { EventSource } from 'eventsource';
import { Agent, fetch as undiciFetch } from 'undici';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { ServerMessageSchema, type ServerMessage } from '../../../src/stream/schemas.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const validateMessage = addFormats(new Ajv2020({ strict: false, allErrors: true })).compile(
  ServerMessageSchema as object,
);

/** Parses a message and asserts it matches exactly one published message shape. */
export function checkedMessage(text: string): ServerMessage {
  const message = JSON.parse(text) as ServerMessage;
  const valid = validateMessage(message);
  expect(valid, `${JSON.stringify(validateMessage.errors)} in ${text.slice(0, 300)}`).toBe(true);
  return message;
}

export type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

const WAIT_MS = 5_000;

/** Messages in arrival order, awaited one by one. */
class Inbox {
  private readonly queue: ServerMessage[] = [];
  private readonly waiters: (() => void)[] = [];
  readonly all: ServerMessage[] = [];

  push(message: ServerMessage): void {
    this.queue.push(message);
    this.all.push(message);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The next message (pings skipped unless asked for), within `ms`. */
  async next(options: { pings?: boolean; ms?: number } = {}): Promise<ServerMessage> {
    const deadline = Date.now() + (options.ms ?? WAIT_MS);
    for (;;) {
      const message = this.queue.shift();
      if (message) {
        if (message.type === 'ping' && !options.pings) continue;
        return message;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${options.ms ?? WAIT_MS} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next message, which must be of `type`. */
  async expect<T extends ServerMessage['type']>(type: T, ms?: number): Promise<Of<T>> {
    const message = await this.next({ pings: type === 'ping', ...(ms === undefined ? {} : { ms }) });
    expect(message.type, JSON.stringify(message).slice(0, 300)).toBe(type);
    return message as Of<T>;
  }

  /** Skips messages until one of `type` arrives. */
  async until<T extends ServerMessage['type']>(type: T, ms?: number): Promise<Of<T>> {
    for (;;) {
      const message = await this.next({ pings: type === 'ping', ...(ms === undefined ? {} : { ms }) });
      if (message.type === type) return message as Of<T>;
    }
  }

  /** Messages queued and not yet read. */
  get pending(): readonly ServerMessage[] {
    return this.queue;
  }
}

export interface Closed {
  readonly code: number;
  readonly reason: string;
}

export class WsClient extends Inbox {
  readonly closed: Promise<Closed>;

  private constructor(readonly socket: WebSocket) {
    super();
    socket.on('message', (data: Buffer, isBinary) => {
      expect(isBinary).toBe(false);
      this.push(checkedMessage(data.toString('utf8')));
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString('utf8') });
      });
    });
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
    const socket = new WebSocket(url, { headers });
    const client = new WsClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Subscribes and reads `subscribed` and one snapshot per park. */
  async subscribe(parks: string[]) {
    this.send({ type: 'subscribe', parks });
    const subscribed = await this.expect('subscribed');
    const snapshots: Of<'snapshot'>[] = [];
    for (let i = 0; i < subscribed.parks.length; i++) snapshots.push(await this.expect('snapshot'));
    return { subscribed, snapshots };
  }

  async closeAndWait(): Promise<Closed> {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000);
    return this.closed;
  }
}

export class SseClient extends Inbox {
  readonly source: EventSource;
  errors = 0;
  /** Its own connection pool, destroyed on close, so no idle socket outlives the client. */
  private readonly agent = new Agent();

  constructor(url: string) {
    super();
    this.source = new EventSource(url, {
      fetch: (input, init) => undiciFetch(input, { ...init, dispatcher: this.agent }),
    });
    this.source.onmessage = (event) => {
      this.push(checkedMessage(String(event.data)));
    };
    this.source.onerror = () => {
      this.errors += 1;
    };
  }

  close(): void {
    this.source.close();
    void this.agent.destroy();
  }
}

/** An HTTP response read as raw bytes, as they arrive. */
export class RawResponse {
  private chunks: Buffer[] = [];
  private waiters: (() => void)[] = [];
  readonly ended: Promise<void>;

  constructor(readonly response: IncomingMessage) {
    response.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.ended = new Promise((resolve) => {
      response.on('close', resolve);
    });
  }

  static get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(url, { headers }, (response) => {
        resolve(new RawResponse(response));
      });
      request.on('error', reject);
      request.end();
    });
  }

  get text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  /** Waits until the bytes read so far satisfy `done`. */
  async until(done: (text: string) => boolean, ms = WAIT_MS): Promise<string> {
    const deadline = Date.now() + ms;
    while (!done(this.text)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`condition not met within ${ms} ms; got ${this.text.slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.text;
  }

  destroy(): void {
    this.response.destroy();
  }
}

/** Splits an event stream into its events (blocks ended by a blank line). */
export function sseBlocks(text: string): string[] {
  return text.split('\n\n').filter((block) => block !== '');
}
