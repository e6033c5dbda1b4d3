/** Turns rows as the drivers return them into the port types. */
import type { Outage, OutageRecord, ParkTransition, WaitChange } from './ports.js';

/** The per-driver conversion point for time columns: numbers from SQLite, strings from node-postgres int8. */
export function toEpochMs(value: number | string | bigint): number {
  return typeof value === 'number' ? value : Number(value);
}

export function toNullableEpochMs(value: number | string | bigint | null): number | null {
  return value === null ? null : toEpochMs(value);
}

interface WaitChangeRow {
  ride_id: string;
  park_key: string;
  at: number | string;
  status: string;
  standby_wait_minutes: number | null;
}

export function toWaitChange(row: WaitChangeRow): WaitChange {
  return {
    ride_id: row.ride_id,
    park_key: row.park_key,
    at: toEpochMs(row.at),
    status: row.status,
    standby_wait_minutes: row.standby_wait_minutes,
  };
}

interface OutageRow {
  id: number;
  ride_id: string;
  park_key: string;
  status: string;
  started_at: number | string;
  ended_at: number | string | null;
}

export function toOutage(row: OutageRow): Outage {
  return {
    id: row.id,
    ride_id: row.ride_id,
    park_key: row.park_key,
    status: row.status,
    started_at: toEpochMs(row.started_at),
    ended_at: toNullableEpochMs(row.ended_at),
  };
}

export function toOutageRecord(
  row: OutageRow & { status_before: string | null; ended_status: string | null },
): OutageRecord {
  return { ...toOutage(row), status_before: row.status_before, ended_status: row.ended_status };
}

interface ParkTransitionRow {
  park_key: string;
  at: number | string;
  state: 'open' | 'closed';
}

export function toParkTransition(row: ParkTransitionRow): ParkTransition {
  return { park_key: row.park_key, at: toEpochMs(row.at), state: row.state };
}
