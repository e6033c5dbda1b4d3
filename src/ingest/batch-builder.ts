import type { EndedOutage, IngestBatch, NewOutage, ParkTransition, WaitChange } from '../store/ports.js';
import type { ParkStep } from './park-ingestor.js';

/** Gathers the writes of consecutive steps of one park into one store batch. */
export class BatchBuilder {
  /** @param checkpoint whether the batch records the park's checkpoint (its last step's time). */
  constructor(private readonly recordsCheckpoint: boolean = true) {}

  private changes: WaitChange[] = [];
  private openedOutages: NewOutage[] = [];
  private endedOutages: EndedOutage[] = [];
  private transitions: ParkTransition[] = [];
  private last: { park_key: string; at: number } | undefined;

  add(step: ParkStep, at: number): void {
    this.changes.push(...step.changes);
    this.openedOutages.push(...step.openedOutages);
    this.endedOutages.push(...step.endedOutages);
    if (step.transition) this.transitions.push(step.transition);
    this.last = { park_key: step.snapshot.park_key, at };
  }

  endOpenOutages(open: readonly { ride_id: string; started_at: number }[], at: number): void {
    for (const outage of open) this.endedOutages.push({ ...outage, ended_at: at });
  }

  /** The batch so far (undefined when it holds nothing), and a fresh start. */
  take(): IngestBatch | undefined {
    const empty =
      this.changes.length + this.openedOutages.length + this.endedOutages.length + this.transitions.length ===
      0;
    if (!this.last && empty) return undefined;
    const batch: IngestBatch = {
      changes: this.changes,
      openedOutages: this.openedOutages,
      endedOutages: this.endedOutages,
      transitions: this.transitions,
      checkpoints: this.recordsCheckpoint && this.last ? [this.last] : [],
    };
    this.changes = [];
    this.openedOutages = [];
    this.endedOutages = [];
    this.transitions = [];
    this.last = undefined;
    return batch;
  }
}
