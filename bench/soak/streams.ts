/**
 * The soak's stream clients: WebSocket clients subscribed to every park and SSE clients on one
 * park each, keyless, each from an address of its own (the instances trust the loopback proxy), so
 * no stream limit refuses them. A client whose connection ends counts a disconnect and connects
 * again a second later, for as long as the soak runs (its instance may be down meanwhile).
 */
import { request, type ClientRequest } from 'node:http';
import { WebSocket } from 'ws';
import type { ChangesMessage } from './reference.js';

const RECONNECT_MS = 1_000;

export interface StreamMessage {
  readonly type: string;
  readonly [field: string]: unknown;
}

export interface StreamEvents {
  message(instance: string, transport: 'ws' | 'sse', message: StreamMessage): void;
  disconnect(instance: string, transport: 'ws' | 'sse'): void;
}

export interface StreamClient {
  close(): void;
}

export function isChanges(message: StreamMessage): message is StreamMessage & ChangesMessage {
  return message.type === 'changes';
}

/** A WebSocket client on `/v1/stream`, subscribed to every park. */
export function webSocketClient(
  instance: { name: string; url: () => string },
  address: string,
  events: StreamEvents,
): StreamClient {
  let closed = false;
  let socket: WebSocket | undefined;
  let timer: NodeJS.Timeout | undefined;
  const connect = () => {
    if (closed) return;
    const opened = new WebSocket(`${instance.url().replace(/^http/, 'ws')}/v1/stream`, {
      headers: { 'x-forwarded-for': address },
    });
    socket = opened;
    let open = false;
    opened.on('open', () => {
      open = true;
      opened.send(JSON.stringify({ type: 'subscribe', parks: ['*'] }));
    });
    opened.on('message', (data: Buffer) => {
      events.message(instance.name, 'ws', JSON.parse(data.toString('utf8')) as StreamMessage);
    });
    opened.on('error', () => undefined);
    opened.on('close', () => {
      if (closed) return;
      if (open) events.disconnect(instance.name, 'ws');
      timer = setTimeout(connect, RECONNECT_MS);
    });
  };
  connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
      socket?.terminate();
    },
  };
}

/** An SSE client on `/v1/parks/{park}/waits/stream`, read as raw `text/event-stream`. */
export function sseClient(
  instance: { name: string; url: () => string },
  park: string,
  address: string,
  events: StreamEvents,
): StreamClient {
  let closed = false;
  let current: ClientRequest | undefined;
  let timer: NodeJS.Timeout | undefined;
  const connect = () => {
    if (closed) return;
    // A dropped connection may report both a response 'close' and a request 'error': retry once.
    let retried = false;
    const again = () => {
      if (closed || retried) return;
      retried = true;
      timer = setTimeout(connect, RECONNECT_MS);
    };
    const url = new URL(`/v1/parks/${park}/waits/stream`, instance.url());
    const sent = request(url, { headers: { accept: 'text/event-stream', 'x-forwarded-for': address } });
    current = sent;
    sent.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        response.on('end', again);
        return;
      }
      let buffered = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffered += chunk;
        const blocks = buffered.split('\n\n');
        buffered = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (data !== '') events.message(instance.name, 'sse', JSON.parse(data) as StreamMessage);
        }
      });
      response.on('close', () => {
        if (closed) return;
        events.disconnect(instance.name, 'sse');
        again();
      });
    });
    sent.on('error', again);
    sent.end();
  };
  connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
      current?.destroy();
    },
  };
}
