/**
 * The outage state machine, exactly as SPEC's "Outage" table: the first Down, Brief Delay or
 * Weather Delay report opens an outage; any other reported status ends it. Silence is not a report:
 * `unavailable` (the operator said nothing about the ride) leaves the state as it is. Nothing else
 * opens or ends one, so an outage open at midnight stays open into the next day.
 */
import type { OperatorStatus } from '../feeds/types.js';
import { isOutageStatus } from '../live/outage-status.js';
import type { LiveStatus } from '../live/types.js';

export interface OpenOutageState {
  readonly status: string;
  readonly started_at: number;
}

export type OutageStep =
  | { readonly kind: 'none' }
  | { readonly kind: 'opened'; readonly status: OperatorStatus; readonly started_at: number }
  | { readonly kind: 'continues' }
  | { readonly kind: 'ended'; readonly ended_at: number };

export function stepOutage(open: OpenOutageState | undefined, status: LiveStatus, at: number): OutageStep {
  if (status === 'unavailable') return open ? { kind: 'continues' } : { kind: 'none' };
  const down = isOutageStatus(status);
  if (!open) return down ? { kind: 'opened', status, started_at: at } : { kind: 'none' };
  return down ? { kind: 'continues' } : { kind: 'ended', ended_at: at };
}
