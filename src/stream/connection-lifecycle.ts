/**
 * What every stream connection does around its life, whatever its transport: joining and leaving
 * the hub, ending when the key's verdict expires, dropping a client too far behind, and giving the
 * admission's slot back exactly when the transport has closed (then `done` settles).
 */
import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.js';
import type { StreamConnection } from './connection.js';
import type { StreamAdmission } from './gate.js';
import type { StreamHub } from './hub.js';
import type { StreamMessages } from './messages.js';
import type { StreamOptions } from './options.js';
import { scheduleAt } from './timers.js';

export interface LifecycleDependencies {
  readonly hub: StreamHub;
  readonly messages: StreamMessages;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly options: Pick<StreamOptions, 'maxBufferedBytes'>;
}

export class ConnectionLifecycle {
  readonly done: Promise<void>;
  private settle: () => void = () => undefined;
  private cancelExpiry: () => void = () => undefined;

  constructor(
    private readonly connection: StreamConnection,
    private readonly deps: LifecycleDependencies,
    private readonly admission: StreamAdmission,
  ) {
    this.done = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  /** Joins the hub and arms the key expiry: `reauthentication_required`, then 1013. */
  begin(): void {
    this.deps.hub.add(this.connection);
    const { expiresAt } = this.admission;
    if (expiresAt === undefined) return;
    this.cancelExpiry = scheduleAt(this.deps.clock, expiresAt, () => {
      this.connection.fail(this.deps.messages.expired(), 1013);
    });
  }

  /** Leaves the hub at once, so nothing more is queued for a closing connection; safe to repeat. */
  leave(): void {
    this.cancelExpiry();
    this.deps.hub.remove(this.connection);
  }

  /** The transport has closed: leave, give the slot back, settle `done`. */
  closed(): void {
    this.leave();
    this.admission.release();
    this.settle();
  }

  /** True, after logging it and leaving the hub, when the client is more than the limit behind. */
  tooFarBehind(bufferedBytes: number): boolean {
    const limit = this.deps.options.maxBufferedBytes;
    if (bufferedBytes <= limit) return false;
    this.deps.logger.info({ behind: bufferedBytes, limit }, 'stream client dropped: too far behind');
    this.leave();
    return true;
  }
}
