/**
 * One WebSocket client after the upgrade: `ready`, then the client's subscribe, unsubscribe and
 * ping; the idle close (1000 `idle` after 2 minutes without a subscription); the key expiry
 * (`reauthentication_required`, 1013); the slow-client drop; 1011 on an internal failure.
 */
import type { EventEmitter } from 'node:events';
import { WebSocket, type RawData } from 'ws';
import type { Catalog } from '../catalog/catalog.js';
import type { Park } from '../catalog/types.js';
import { parseClientMessage, resolveParks, type ClientMessage } from './client-messages.js';
import type { CloseCode, StreamConnection } from './connection.js';
import { ConnectionLifecycle, type LifecycleDependencies } from './connection-lifecycle.js';
import type { Frame } from './frame.js';
import type { StreamAdmission } from './gate.js';
import type { StreamOptions } from './options.js';
import { ReadReceipts } from './read-receipts.js';

export interface WebSocketConnectionDependencies extends LifecycleDependencies {
  readonly catalog: Catalog;
  readonly options: Pick<
    StreamOptions,
    'idleTimeoutMs' | 'maxBufferedBytes' | 'maxClientMessageBytes' | 'maxClientMessagesPerSecond'
  >;
}

/** The part of ws's socket that parses incoming frames (not in its public types). */
interface WithReceiver {
  readonly _receiver?: EventEmitter;
}

export class WebSocketConnection implements StreamConnection {
  readonly transport = 'websocket' as const;
  private readonly subscriptions = new Map<string, Park>();
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly lifecycle: ConnectionLifecycle;
  private readonly receipts = new ReadReceipts();
  /** Messages received in the current second, and when that second began. */
  private received = 0;
  private secondStart = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: WebSocketConnectionDependencies,
    admission: StreamAdmission,
  ) {
    this.lifecycle = new ConnectionLifecycle(this, deps, admission);
  }

  get done(): Promise<void> {
    return this.lifecycle.done;
  }

  /** Sends `ready` and starts listening; the connection is in the hub until the socket closes. */
  start(): void {
    const { messages } = this.deps;
    this.socket.on('message', (data, isBinary) => {
      this.onMessage(data, isBinary);
    });
    this.socket.on('error', (error) => {
      this.deps.logger.debug({ err: error }, 'websocket error');
    });
    // ws closes with 1009 on an oversized message; say why first, while the socket is still open.
    (this.socket as unknown as WithReceiver)._receiver?.prependListener(
      'error',
      (error: Error & { code?: string }) => {
        if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
          this.send(
            messages.error(
              'invalid_request',
              `The message is larger than ${this.deps.options.maxClientMessageBytes} bytes; the connection closes with 1009. Send subscribe, unsubscribe and ping messages, which are far smaller.`,
            ),
          );
        }
      },
    );
    this.socket.on('pong', () => {
      this.receipts.answered();
    });
    this.socket.once('close', () => {
      clearTimeout(this.idleTimer);
      this.lifecycle.closed();
    });
    this.lifecycle.begin();
    this.send(messages.ready());
    this.armIdle();
  }

  send(frame: Frame): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    // What the client has not read (the kernel's buffers included), or what Node still holds.
    const behind = Math.max(this.receipts.unread, this.socket.bufferedAmount);
    if (this.lifecycle.tooFarBehind(behind)) {
      this.terminate();
      return;
    }
    this.socket.send(frame.ws, { binary: false });
    if (this.receipts.sentMessage(frame.ws.length)) this.socket.ping();
  }

  fail(error: Frame, code: CloseCode): void {
    this.send(error);
    this.close(code, error.errorCode ?? 'error');
  }

  shutdown(): void {
    this.close(1001, 'restarting');
  }

  terminate(): void {
    this.leave();
    this.socket.terminate();
  }

  private close(code: CloseCode, reason: string): void {
    this.leave();
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(code, reason);
  }

  private leave(): void {
    clearTimeout(this.idleTimer);
    this.lifecycle.leave();
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.close(1000, 'idle');
    }, this.deps.options.idleTimeoutMs);
  }

  /** True once the client has sent more than its budget of messages this second (then it is closed). */
  private overBudget(): boolean {
    const now = this.deps.clock.now();
    if (now - this.secondStart >= 1000) {
      this.secondStart = now;
      this.received = 0;
    }
    return ++this.received > this.deps.options.maxClientMessagesPerSecond;
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    const { messages, logger } = this.deps;
    if (this.overBudget()) {
      this.fail(
        messages.error(
          'rate_limited',
          `More than ${this.deps.options.maxClientMessagesPerSecond} messages in a second; reconnect with backoff. One subscribe message takes up to 10 parks, or "*" for all.`,
        ),
        1013,
      );
      return;
    }
    try {
      const buffer = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      const parsed = parseClientMessage(buffer, isBinary);
      if (!parsed.ok) {
        this.send(messages.error(parsed.code, parsed.message));
        return;
      }
      this.handle(parsed.value);
    } catch (error) {
      logger.error({ err: error }, 'websocket message handling failed');
      this.fail(
        messages.error('internal_error', 'Something failed on the server; reconnect and subscribe again.'),
        1011,
      );
    }
  }

  private handle(message: ClientMessage): void {
    const { messages, hub, catalog } = this.deps;
    if (message.type === 'ping') {
      this.send(messages.pong());
      return;
    }
    const resolved = resolveParks(catalog, message.parks);
    if (!resolved.ok) {
      this.send(messages.error(resolved.code, resolved.message));
      return;
    }
    const parks = resolved.value;
    if (message.type === 'subscribe') {
      for (const park of parks) this.subscriptions.set(park.key, park);
      clearTimeout(this.idleTimer);
      this.send(messages.subscribed(parks));
      hub.subscribe(this, parks);
      return;
    }
    for (const park of parks) this.subscriptions.delete(park.key);
    hub.unsubscribe(this, parks);
    this.send(messages.unsubscribed());
    if (this.subscriptions.size === 0) this.armIdle();
  }
}
