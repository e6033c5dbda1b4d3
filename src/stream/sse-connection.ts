/**
 * One Server-Sent-Events client: `retry: 5000`, `subscribed`, the park's `snapshot`, then the
 * same frames as WebSocket subscribers get, each a single `data:` line (SPEC "Events", SSE).
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Park } from '../catalog/types.js';
import type { Clock } from '../lib/clock.js';
import type { CloseCode, StreamConnection } from './connection.js';
import { SSE_RETRY, type Frame } from './frame.js';
import type { StreamAdmission } from './gate.js';
import type { StreamHub } from './hub.js';
import type { StreamMessages } from './messages.js';
import type { StreamOptions } from './options.js';
import { scheduleAt } from './timers.js';

export interface SseConnectionDependencies {
  readonly hub: StreamHub;
  readonly messages: StreamMessages;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly options: Pick<StreamOptions, 'maxBufferedBytes'>;
}

export class SseConnection implements StreamConnection {
  readonly transport = 'sse' as const;
  readonly done: Promise<void>;
  private cancelExpiry: () => void = () => undefined;
  private settle: () => void = () => undefined;

  constructor(
    private readonly response: ServerResponse,
    private readonly deps: SseConnectionDependencies,
    private readonly admission: StreamAdmission,
  ) {
    this.done = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  /** Writes the head and the opening frames, then joins the park's channel. */
  start(park: Park, headers: OutgoingHttpHeaders): void {
    const { hub, messages } = this.deps;
    this.response.once('close', () => {
      this.onClosed();
    });
    this.response.writeHead(200, headers);
    this.response.write(SSE_RETRY);
    hub.add(this);
    this.send(messages.subscribed([park], [park.key]));
    hub.subscribe(this, [park]);
    this.armExpiry();
  }

  send(frame: Frame): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    const behind = this.response.writableLength;
    if (behind > this.deps.options.maxBufferedBytes) {
      this.deps.logger.info(
        { behind, limit: this.deps.options.maxBufferedBytes },
        'stream client dropped: too far behind',
      );
      this.terminate();
      return;
    }
    this.response.write(frame.sse);
  }

  /** SSE has no close codes: the error event, then the end; EventSource retries after 5 s. */
  fail(error: Frame, _code: CloseCode): void {
    this.send(error);
    this.end();
  }

  shutdown(): void {
    this.end();
  }

  terminate(): void {
    this.leave();
    this.response.destroy();
  }

  private end(): void {
    this.leave();
    if (!this.response.writableEnded) this.response.end();
  }

  private leave(): void {
    this.cancelExpiry();
    this.deps.hub.remove(this);
  }

  private onClosed(): void {
    this.leave();
    this.admission.release();
    this.settle();
  }

  private armExpiry(): void {
    const { expiresAt } = this.admission;
    if (expiresAt === undefined) return;
    this.cancelExpiry = scheduleAt(this.deps.clock, expiresAt, () => {
      this.fail(this.deps.messages.expired(), 1013);
    });
  }
}
