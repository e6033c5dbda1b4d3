/**
 * One Server-Sent-Events client: `retry: 5000`, `subscribed`, the park's `snapshot`, then the
 * same frames as WebSocket subscribers get, each a single `data:` line (SPEC "Events", SSE).
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Park } from '../catalog/types.js';
import type { CloseCode, StreamConnection } from './connection.js';
import { ConnectionLifecycle, type LifecycleDependencies } from './connection-lifecycle.js';
import { SSE_RETRY, type Frame } from './frame.js';
import type { StreamAdmission } from './gate.js';

export type SseConnectionDependencies = LifecycleDependencies;

export class SseConnection implements StreamConnection {
  readonly transport = 'sse' as const;
  private readonly lifecycle: ConnectionLifecycle;

  constructor(
    private readonly response: ServerResponse,
    private readonly deps: SseConnectionDependencies,
    admission: StreamAdmission,
  ) {
    this.lifecycle = new ConnectionLifecycle(this, deps, admission);
  }

  get done(): Promise<void> {
    return this.lifecycle.done;
  }

  /** Writes the head and the opening frames, then joins the park's channel. */
  start(park: Park, headers: OutgoingHttpHeaders): void {
    const { hub, messages } = this.deps;
    this.response.once('close', () => {
      this.lifecycle.closed();
    });
    this.response.writeHead(200, headers);
    this.response.write(SSE_RETRY);
    this.lifecycle.begin();
    this.send(messages.subscribed([park]));
    hub.subscribe(this, [park]);
  }

  send(frame: Frame): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    if (this.lifecycle.tooFarBehind(this.response.writableLength)) {
      this.response.destroy();
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
    this.lifecycle.leave();
    this.response.destroy();
  }

  private end(): void {
    this.lifecycle.leave();
    if (!this.response.writableEnded) this.response.end();
  }
}
