/**
 * The ingest leader lock: a PostgreSQL session-level advisory lock. It belongs to the session that
 * took it, so it is held on a dedicated connection of its own, never one borrowed from the pool (a
 * pooled connection goes back to the pool and the lock with it, or is closed by the pool while the
 * lock is still wanted). When the holder dies its session ends and PostgreSQL frees the lock.
 */
import pg from 'pg';
import type { LeaderLock } from '../ports.js';

/** The lock's two-integer key: 'qcst' and 1, the ingest leader (other locks may take 2, 3, …). */
const LOCK_CLASS = 0x71637374;
const INGEST_LEADER = 1;

/** How often the holder checks its connection is alive (a half-open one would keep a dead lock). */
const PROBE_MS = 5_000;
/**
 * A store that does not answer makes `tryAcquire` throw within this, never hang: a leader that lost
 * the lock with its store asks again several times a second (src/ingest/leadership.ts).
 */
const CONNECT_TIMEOUT_MS = 3_000;

export class PostgresAdvisoryLock implements LeaderLock {
  private client: pg.Client | undefined;
  private held = false;
  private readonly lostListeners: ((reason: unknown) => void)[] = [];
  private probe: NodeJS.Timeout | undefined;

  constructor(private readonly url: string) {}

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    const client = await this.connection();
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, $2) as locked',
      [LOCK_CLASS, INGEST_LEADER],
    );
    this.held = rows[0]?.locked === true;
    if (this.held) this.startProbe(client);
    return this.held;
  }

  onLost(listener: (reason: unknown) => void): void {
    this.lostListeners.push(listener);
  }

  async release(): Promise<void> {
    clearInterval(this.probe);
    const client = this.client;
    this.client = undefined;
    this.held = false;
    // Ending the session frees the lock.
    await client?.end().catch(() => undefined);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: 'queuecast ingest leader lock',
    });
    client.on('error', (error) => {
      this.lose(client, error);
    });
    client.on('end', () => {
      this.lose(client, new Error('the leader lock connection ended'));
    });
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      this.client = undefined;
      throw error;
    }
    return client;
  }

  private startProbe(client: pg.Client): void {
    clearInterval(this.probe);
    this.probe = setInterval(() => {
      client.query('select 1').catch((error: unknown) => {
        this.lose(client, error);
      });
    }, PROBE_MS);
    this.probe.unref();
  }

  private lose(client: pg.Client, reason: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    clearInterval(this.probe);
    client.end().catch(() => undefined);
    if (!this.held) return;
    this.held = false;
    for (const listener of this.lostListeners) listener(reason);
  }
}
