/**
 * A follower's live state: instances that do not ingest keep their LiveState from the bus (the
 * leader's `refreshed` snapshots and upstream errors), so every instance serves the same live data
 * and sends its stream clients the same changes. On start it loads each park's latest snapshot.
 */
import type { LiveBus, LiveEvent } from './events.js';
import type { LiveState } from './live-state.js';

export class LiveReplica {
  private unsubscribe: (() => void) | undefined;

  /** @param leading whether this instance ingests itself (then its own state is already current) */
  constructor(
    private readonly live: LiveState,
    private readonly bus: LiveBus,
    private readonly leading: () => boolean,
  ) {}

  /**
   * Subscribes before the streams do (the same bus orders the events, so a follower's state is
   * updated before its streams send the changes that follow it), then loads the latest snapshots.
   */
  async start(): Promise<void> {
    this.unsubscribe = this.bus.subscribe((event) => {
      this.apply(event);
    });
    for (const event of (await this.bus.latest?.()) ?? []) this.apply(event);
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private apply(event: LiveEvent): void {
    if (this.leading()) return;
    if (event.type === 'refreshed') {
      const current = this.live.view(event.park_key).refreshed_at;
      // A replayed snapshot (after a gap, or at start) never replaces a newer one.
      if (current === undefined || event.snapshot.refreshed_at >= current) this.live.update(event.snapshot);
    } else if (event.type === 'upstream_error') {
      this.live.markFailed(event.park_key, event.at, event.message);
    }
  }
}
