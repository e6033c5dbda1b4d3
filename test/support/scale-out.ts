/**
 * Per-file access to the throwaway PostgreSQL and Redis of the global setup (databases.ts): a fresh
 * database per test, a fresh key prefix per Redis client, and `describeWithDatabases`, which skips
 * (visibly: the setup printed why) when they could not be started outside CI.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject } from 'vitest';

export const postgresAdminUrl = (): string => inject('postgresUrl');
export const redisUrl = (): string => inject('redisUrl');

/** `describe` when both servers are up; `describe.skip` otherwise (never in CI: setup fails there). */
export const describeWithDatabases = (name: string, body: () => void): void => {
  const missing = postgresAdminUrl() === '' || redisUrl() === '';
  (missing ? describe.skip : describe)(name, body);
};

export interface FreshDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** An empty database on the throwaway server, dropped (with its sessions) by `drop`. */
export async function freshDatabase(): Promise<FreshDatabase> {
  const admin = postgresAdminUrl();
  const name = `qc_${randomBytes(6).toString('hex')}`;
  await withAdmin(admin, (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(admin, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** A key prefix no other test uses, so tests share one Redis without seeing each other's keys. */
export const freshRedisPrefix = (): string => `qc-test:${randomBytes(6).toString('hex')}:`;
