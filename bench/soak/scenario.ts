/**
 * The scale-out fault scenario (issue 46): two queuecast instances (FEED=sim) on a private
 * PostgreSQL and a private Redis, steady keyed and keyless load on counted endpoints, 20 WebSocket
 * clients on one instance and 5 SSE clients on the other, and faults: Redis or PostgreSQL stopped
 * for N seconds and started again, the leading instance killed with SIGKILL and started again as a
 * follower. What happens is recorded per window (answers, errors, p99, rate-limit headers, stream
 * messages and disconnects, RSS, history rows) and /readyz transitions with their times; history is
 * compared row by row with the simulator's uninterrupted run, and every `changes` message a client
 * receives is checked against the simulator's real changes.
 *
 * Every instance runs on one clock moved to 18:00 UTC of today (midday at the simulated parks, which
 * are American), so the parks are open and changing whatever the hour of the run, and the same
 * minutes give the same simulated history on every run.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { freePort } from '../../test/support/databases.js';
import { cliOn, startInstance, type Instance } from '../../test/support/instances.js';
import { OpenApiContract } from '../../test/support/openapi.js';
import { SimulatedReference, type ChangesMessage, type HistoryComparison } from './reference.js';
import { inspectOn, sampleMemory, writeHeapSnapshot, type MemorySample } from './memory.js';
import { privatePostgres, privateRedis, type RestartableServer } from './servers.js';
import { isChanges, sseClient, webSocketClient, type StreamClient, type StreamMessage } from './streams.js';

const SECOND = 1_000;
const READYZ_POLL_MS = 250;
/** Every error answer is checked against the OpenAPI document, and one success in this many. */
const VALIDATE_ONE_SUCCESS_IN = 10;

/** The shift that puts every instance's clock (and the reference's) at 18:00 UTC today. */
export const CLOCK_OFFSET_MS = (() => {
  const midday = new Date();
  midday.setUTCHours(18, 0, 0, 0);
  return midday.getTime() - Date.now();
})();
export const simulatedNow = (): number => Date.now() + CLOCK_OFFSET_MS;

export type Endpoint = 'parks' | 'waits' | 'history';
/** The endpoints the load calls; only history needs the store (503 allowed while it is gone). */
const NEEDS_STORE: Record<Endpoint, boolean> = { parks: false, waits: false, history: true };

export interface WindowStats {
  /** Real time (ms) the window opened and closed. */
  readonly from: number;
  readonly to: number;
  readonly answers: number;
  readonly statuses: Readonly<Record<string, number>>;
  /** 5xx answers of any kind. */
  readonly serverErrors: number;
  /** 5xx other than 503, and requests that got no answer from a serving instance. */
  readonly non503Errors: number;
  /** 503 with Retry-After from an endpoint that needs the store: documented. */
  readonly documented503: number;
  /** 503 from an endpoint that does not need the store, or without Retry-After. */
  readonly undocumented503: number;
  readonly p99Ms: number;
  readonly p99MsByEndpoint: Readonly<Partial<Record<Endpoint, number>>>;
  /**
   * Answers without X-RateLimit-Limit that the spec says carry it: successes (and 304) and 429s
   * ("All successful HTTP responses carry X-RateLimit-…"; "429 responses carry X-RateLimit-…").
   * Other errors carry no such promise: a 503 carries Retry-After, and a request refused before
   * its caller is known (a key that cannot be looked up) was counted against no one.
   */
  readonly missingRateLimit: number;
  /** Every answer without X-RateLimit-Limit, by `endpoint status phase` (phase: `steady`, a fault, `after …`). */
  readonly missingRateLimitBy: Readonly<Record<string, number>>;
  /** A few of the 5xx answers and failed requests, for the report. */
  readonly errorSamples: readonly string[];
  /** Answers checked against the served OpenAPI document, and those it does not accept. */
  readonly validatedBodies: number;
  readonly invalidBodies: readonly string[];
  readonly streamMessages: { readonly ws: number; readonly sse: number };
  readonly messageTypes: Readonly<Record<string, number>>;
  /** Stream connections that ended, per instance. */
  readonly disconnects: Readonly<Record<string, number>>;
  /** `changes` messages that do not match what the simulator changed. */
  readonly inventedChanges: readonly string[];
  /** Resident memory (MB) of each instance at the window's end. */
  readonly rssMb: Readonly<Record<string, number>>;
  /** V8's view of each instance's memory after a full collection (absent when it could not be read). */
  readonly memory: Readonly<Record<string, MemorySample | undefined>>;
  /** Each instance's process id: a new one after a restart, which starts memory over. */
  readonly pids: Readonly<Record<string, number | undefined>>;
  /** wait_changes rows at the window's end (null while PostgreSQL is down). */
  readonly historyRows: number | null;
}

export interface ReadyzTransition {
  readonly at: number;
  readonly instance: string;
  readonly from: string;
  readonly to: string;
  readonly detail: string;
}

export interface FaultReport {
  readonly fault: 'redis' | 'postgresql' | 'leader-kill';
  readonly startedAt: number;
  readonly recoveredAt: number;
  /** Stats of the outage itself (from the fault to the recovery). */
  readonly during: WindowStats;
  /** Per instance: ms from the fault to /readyz `degraded`, and from the recovery to `ready`. */
  readonly degradedAfterMs: Readonly<Record<string, number | null>>;
  /** Per instance: its /readyz status as the fault began and each one the poll saw until recovery. */
  readonly readinessSeen?: Readonly<Record<string, string>>;
  readonly readyAfterMs: Readonly<Record<string, number | null>>;
  /** Leader kill: the instance killed, the one that took over and how long it took. */
  readonly killed?: string;
  readonly newLeader?: string;
  readonly takeoverMs?: number;
}

interface Accumulator {
  from: number;
  answers: number;
  statuses: Record<string, number>;
  serverErrors: number;
  non503Errors: number;
  documented503: number;
  undocumented503: number;
  latencies: number[];
  latenciesByEndpoint: Partial<Record<Endpoint, number[]>>;
  missingRateLimit: number;
  missingRateLimitBy: Record<string, number>;
  errorSamples: string[];
  validatedBodies: number;
  invalidBodies: string[];
  streamMessages: { ws: number; sse: number };
  messageTypes: Record<string, number>;
  disconnects: Record<string, number>;
  inventedChanges: string[];
}

function freshAccumulator(): Accumulator {
  return {
    from: Date.now(),
    answers: 0,
    statuses: {},
    serverErrors: 0,
    non503Errors: 0,
    documented503: 0,
    undocumented503: 0,
    latencies: [],
    latenciesByEndpoint: {},
    missingRateLimit: 0,
    missingRateLimitBy: {},
    errorSamples: [],
    validatedBodies: 0,
    invalidBodies: [],
    streamMessages: { ws: 0, sse: 0 },
    messageTypes: {},
    disconnects: {},
    inventedChanges: [],
  };
}

/** Whether the spec requires the X-RateLimit-* headers on an answer of this status (see WindowStats). */
export function rateLimitHeadersRequired(status: number): boolean {
  return status < 400 || status === 429;
}

export function p99(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(instance: Instance): number {
  try {
    const status = readFileSync(`/proc/${instance.process.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? '0');
    return Math.round(kb / 102.4) / 10;
  } catch {
    return 0;
  }
}

export interface ScenarioOptions {
  /** Requests a second over both instances (default 40). */
  readonly requestsPerSecond?: number;
  readonly webSocketClients?: number;
  readonly sseClients?: number;
  /** Progress lines (start-up, faults); silent by default. */
  readonly log?: (line: string) => void;
}

interface Slot {
  instance: Instance;
  /** Its inspector's port, for memory samples. */
  inspectorPort: number;
  /** False from a kill until the restarted instance serves: the balancer routes elsewhere. */
  up: boolean;
  readiness: string;
}

export class SoakScenario {
  readonly transitions: ReadyzTransition[] = [];
  private readonly slots = new Map<string, Slot>();
  private window = freshAccumulator();
  private readonly streams: StreamClient[] = [];
  private readonly checkedChanges = new Map<string, string | undefined>();
  private readonly background: Promise<void>[] = [];
  private running = true;
  /** What the answers of the moment meet: `steady`, a fault, or the minute after it (`after …`). */
  private phase = 'steady';
  private keys: string[] = [];
  private rides: string[] = [];
  private requestCount = 0;
  private contract: OpenApiContract | undefined;
  /** Stream messages received since the start, by `instance type`. */
  private readonly received = new Map<string, number>();

  private constructor(
    private readonly postgres: RestartableServer,
    private readonly redis: RestartableServer,
    private readonly env: Record<string, string>,
    readonly reference: SimulatedReference,
    private readonly options: ScenarioOptions,
  ) {}

  /** Starts the servers, A (which leads) then B, the stream clients and the load. */
  static async start(options: ScenarioOptions = {}): Promise<SoakScenario> {
    const log = options.log ?? (() => undefined);
    const [postgres, redis] = await Promise.all([privatePostgres(), privateRedis()]);
    const coverageStart = new Date(simulatedNow()).toISOString().slice(0, 10);
    const env = {
      FEED: 'sim',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      COVERAGE_START: coverageStart,
      TRUST_PROXY: 'loopback',
    };
    const reference = new SimulatedReference(coverageStart, simulatedNow());
    const scenario = new SoakScenario(postgres, redis, env, reference, options);
    try {
      log(`postgres ${postgres.url}, redis ${redis.url}; starting A (backfills ${coverageStart})`);
      await scenario.startSlot('A');
      await scenario.startSlot('B');
      log('A and B serve');
      scenario.keys = await Promise.all(
        [1, 2, 3, 4].map(async (n) => {
          const created = await cliOn(env, 'keys', 'create', '--tier', 'partner', '--name', `soak ${n}`);
          return created.stdout.trim().split('\n').at(-1) ?? '';
        }),
      );
      scenario.rides = await scenario.someRides();
      scenario.contract = await OpenApiContract.fetch(scenario.slot('A').instance.url);
      scenario.openStreams();
      scenario.runBackground();
      await reference.advance(simulatedNow());
      scenario.window = freshAccumulator();
    } catch (error) {
      await scenario.stop();
      throw error;
    }
    return scenario;
  }

  private async startSlot(name: string): Promise<void> {
    const inspectorPort = await freePort();
    const env = { ...this.env, NODE_OPTIONS: inspectOn(inspectorPort) };
    const instance = await startInstance(name, env, CLOCK_OFFSET_MS);
    const slot: Slot = { instance, inspectorPort, up: false, readiness: 'starting' };
    this.slots.set(name, slot);
    await instance.waitForLog((line) => line.msg === 'queuecast serving', 300_000);
    slot.up = true;
  }

  private slot(name: string): Slot {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`no instance ${name}`);
    return slot;
  }

  /** The base URL of instance `name` (A or B) now. */
  url(name: string): string {
    return this.slot(name).instance.url;
  }

  /** Messages of `type` the stream clients of instance `name` received since the start. */
  receivedBy(name: string, type: string): number {
    return this.received.get(`${name} ${type}`) ?? 0;
  }

  /** The instance that leads ingest now (its latest leadership log line says so). */
  leader(): string {
    for (const [name, slot] of this.slots) {
      if (!slot.up) continue;
      const logs = slot.instance.logs;
      const lead = logs.findLastIndex((line) => line.leading === true);
      // Losing the lock (PostgreSQL gone, say) or failing to take over gives the leadership up.
      const lost = logs.findLastIndex(
        (line) =>
          String(line.msg).startsWith('lost the ingest') ||
          String(line.msg).startsWith('taking over ingest failed'),
      );
      if (lead >= 0 && lead > lost) return name;
    }
    return '';
  }

  /** Every park's rides: history answers over so many rides and day counts mostly need the store. */
  private async someRides(): Promise<string[]> {
    const url = this.slot('A').instance.url;
    const parks = (await (await fetch(`${url}/v1/parks`, { headers: this.keyed(0) })).json()) as {
      parks?: { key: string }[];
    };
    const rides: string[] = [];
    for (const park of parks.parks ?? []) {
      const response = await fetch(`${url}/v1/parks/${park.key}/waits`, { headers: this.keyed(0) });
      const body = (await response.json()) as { entries?: { ride_id: string }[] };
      for (const entry of body.entries ?? []) rides.push(entry.ride_id);
    }
    if (rides.length === 0) throw new Error('no park lists a ride');
    return rides;
  }

  private keyed(n: number): Record<string, string> {
    return { authorization: `Bearer ${this.keys[n % this.keys.length] ?? ''}` };
  }

  private openStreams(): void {
    const events = {
      message: (instance: string, transport: 'ws' | 'sse', message: StreamMessage) => {
        this.window.streamMessages[transport] += 1;
        this.window.messageTypes[message.type] = (this.window.messageTypes[message.type] ?? 0) + 1;
        const counter = `${instance} ${message.type}`;
        this.received.set(counter, (this.received.get(counter) ?? 0) + 1);
        if (isChanges(message)) this.checkChanges(message);
      },
      disconnect: (instance: string) => {
        this.window.disconnects[instance] = (this.window.disconnects[instance] ?? 0) + 1;
      },
    };
    const target = (name: string) => ({ name, url: () => this.slot(name).instance.url });
    for (let i = 0; i < (this.options.webSocketClients ?? 20); i++)
      this.streams.push(webSocketClient(target('B'), `192.0.2.${i + 1}`, events));
    const parks = [
      'magic-kingdom',
      'epcot',
      'disneyland',
      'universal-studios-florida',
      'islands-of-adventure',
    ];
    for (let i = 0; i < (this.options.sseClients ?? 5); i++)
      this.streams.push(
        sseClient(target('A'), parks[i % parks.length] ?? 'epcot', `192.0.2.${101 + i}`, events),
      );
  }

  /** Every distinct `changes` message is checked once (the clients receive the same ones). */
  private checkChanges(message: StreamMessage & ChangesMessage): void {
    const key = JSON.stringify([message.park_key, message.at, message.changes, message.removed]);
    if (this.checkedChanges.has(key)) {
      const known = this.checkedChanges.get(key);
      if (known !== undefined && !this.window.inventedChanges.includes(known))
        this.window.inventedChanges.push(known);
      return;
    }
    this.checkedChanges.set(key, undefined);
    const window = this.window;
    void this.reference.checkChanges(message).then((problem) => {
      this.checkedChanges.set(key, problem);
      if (problem !== undefined) window.inventedChanges.push(problem);
    });
  }

  private runBackground(): void {
    const perSecond = this.options.requestsPerSecond ?? 40;
    const workers = 4;
    const pause = (workers * SECOND) / perSecond;
    for (let w = 0; w < workers; w++) {
      this.background.push(
        (async () => {
          while (this.running) {
            const started = Date.now();
            await this.oneRequest();
            await sleep(Math.max(0, pause - (Date.now() - started)));
          }
        })(),
      );
    }
    this.background.push(
      (async () => {
        while (this.running) {
          await Promise.all([...this.slots.keys()].map((name) => this.pollReadiness(name)));
          await sleep(READYZ_POLL_MS);
        }
      })(),
    );
  }

  private async pollReadiness(name: string): Promise<void> {
    const slot = this.slot(name);
    let status = 'down';
    let detail = '';
    if (slot.up) {
      try {
        const response = await fetch(`${slot.instance.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        const body = (await response.json()) as {
          status: string;
          checks?: { name: string; status: string }[];
        };
        status = body.status;
        detail = (body.checks ?? [])
          .filter((check) => check.status !== 'ok')
          .map((check) => `${check.name}:${check.status}`)
          .join(',');
      } catch {
        status = 'no answer';
      }
    }
    if (status !== slot.readiness) {
      this.transitions.push({ at: Date.now(), instance: name, from: slot.readiness, to: status, detail });
      slot.readiness = status;
    }
  }

  private async oneRequest(): Promise<void> {
    const n = this.requestCount++;
    const up = [...this.slots.values()].filter((slot) => slot.up);
    const slot = up[n % Math.max(1, up.length)];
    if (!slot) return;
    const endpoint: Endpoint = (['parks', 'waits', 'history'] as const)[Math.floor(n / 2) % 3] ?? 'parks';
    let path: string;
    const headers: Record<string, string> = {};
    if (endpoint === 'parks') {
      path = '/v1/parks';
      // Keyless callers over 65,536 addresses, so the 30-a-minute limit refuses none of them.
      headers['x-forwarded-for'] = `10.0.${(n >> 8) & 255}.${n & 255}`;
    } else {
      Object.assign(headers, this.keyed(n));
      path =
        endpoint === 'waits'
          ? '/v1/parks/magic-kingdom/waits'
          : `/v1/rides/${this.rides[n % Math.max(1, this.rides.length)] ?? ''}/history?days=${1 + (n % 7)}`;
    }
    const window = this.window;
    const started = performance.now();
    try {
      const response = await fetch(`${slot.instance.url}${path}`, {
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      if (this.contract && (response.status >= 300 || n % VALIDATE_ONE_SUCCESS_IN === 0)) {
        window.validatedBodies += 1;
        let problems: string[];
        try {
          problems = this.contract.validate(path, response.status, JSON.parse(text));
        } catch {
          problems = ['not JSON'];
        }
        if (problems.length > 0 && window.invalidBodies.length < 10)
          window.invalidBodies.push(`${response.status} ${path}: ${problems.slice(0, 3).join('; ')}`);
      }
      window.answers += 1;
      window.statuses[response.status] = (window.statuses[response.status] ?? 0) + 1;
      window.latencies.push(ms);
      (window.latenciesByEndpoint[endpoint] ??= []).push(ms);
      if (response.headers.get('x-ratelimit-limit') === null) {
        if (rateLimitHeadersRequired(response.status)) window.missingRateLimit += 1;
        const where = `${endpoint} ${response.status} ${this.phase}`;
        window.missingRateLimitBy[where] = (window.missingRateLimitBy[where] ?? 0) + 1;
      }
      if (response.status >= 500) window.serverErrors += 1;
      const documented503 =
        response.status === 503 && NEEDS_STORE[endpoint] && response.headers.get('retry-after') !== null;
      if (response.status === 503) {
        if (documented503) window.documented503 += 1;
        else window.undocumented503 += 1;
      } else if (response.status >= 500) window.non503Errors += 1;
      // Samples show what needs a look: every 5xx but the 503s the docs promise while the store is away.
      if (response.status >= 500 && !documented503 && window.errorSamples.length < 5)
        window.errorSamples.push(`${slot.instance.name} ${response.status} ${path}: ${text.slice(0, 200)}`);
    } catch (error) {
      // No answer from an instance the balancer still routes to (it was not killed).
      if (slot.up) {
        window.non503Errors += 1;
        if (window.errorSamples.length < 5)
          window.errorSamples.push(`${slot.instance.name} no answer ${path}: ${String(error)}`);
      }
    }
  }

  /** Writes a heap snapshot of every serving instance into `dir` as `<instance>-<label>.heapsnapshot`. */
  async heapSnapshots(dir: string, label: string): Promise<string[]> {
    const written: string[] = [];
    for (const [name, slot] of this.slots) {
      const file = `${dir}/${name}-${label}.heapsnapshot`;
      if (slot.up && (await writeHeapSnapshot(slot.inspectorPort, file))) written.push(file);
    }
    return written;
  }

  /** Closes the current window and opens the next. */
  async closeWindow(): Promise<WindowStats> {
    const closing = this.window;
    this.window = freshAccumulator();
    const rss: Record<string, number> = {};
    for (const [name, slot] of this.slots) rss[name] = slot.up ? rssMb(slot.instance) : 0;
    const memory: Record<string, MemorySample | undefined> = {};
    for (const [name, slot] of this.slots)
      memory[name] = slot.up ? await sampleMemory(slot.inspectorPort) : undefined;
    const byEndpoint: Partial<Record<Endpoint, number>> = {};
    for (const [endpoint, values] of Object.entries(closing.latenciesByEndpoint))
      byEndpoint[endpoint as Endpoint] = p99(values);
    return {
      from: closing.from,
      to: Date.now(),
      answers: closing.answers,
      statuses: { ...closing.statuses },
      serverErrors: closing.serverErrors,
      non503Errors: closing.non503Errors,
      documented503: closing.documented503,
      undocumented503: closing.undocumented503,
      p99Ms: p99(closing.latencies),
      p99MsByEndpoint: byEndpoint,
      missingRateLimit: closing.missingRateLimit,
      missingRateLimitBy: { ...closing.missingRateLimitBy },
      errorSamples: closing.errorSamples,
      validatedBodies: closing.validatedBodies,
      invalidBodies: closing.invalidBodies,
      streamMessages: closing.streamMessages,
      messageTypes: closing.messageTypes,
      disconnects: closing.disconnects,
      inventedChanges: closing.inventedChanges,
      rssMb: rss,
      memory,
      pids: Object.fromEntries([...this.slots].map(([name, slot]) => [name, slot.instance.process.pid])),
      historyRows: await this.historyRows(),
    };
  }

  private async withStore<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.postgres.url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private async historyRows(): Promise<number | null> {
    if (!this.postgres.running) return null;
    try {
      return await this.withStore(async (client) => {
        const { rows } = await client.query<{ n: string }>('select count(*) as n from wait_changes');
        return Number(rows[0]?.n ?? 0);
      });
    } catch {
      return null;
    }
  }

  /**
   * Waits until every park's checkpoint is past `after` (simulated time: ingest has caught up),
   * then compares history with the simulator's uninterrupted run.
   */
  async compareHistory(after = simulatedNow(), withinMs = 120_000): Promise<HistoryComparison> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const oldest = await this.withStore(async (client) => {
        const { rows } = await client.query<{ at: string | null }>(
          'select min(at) as at from ingest_checkpoints',
        );
        return Number(rows[0]?.at ?? 0);
      }).catch(() => 0);
      if (oldest >= after) break;
      if (Date.now() > deadline)
        throw new Error(
          `ingest did not catch up past ${new Date(after).toISOString()} within ${withinMs} ms`,
        );
      await sleep(1_000);
    }
    return this.withStore((client) => this.reference.compare(client));
  }

  /** Resolves with ms from `since` until `instance`'s /readyz says `status`, or null after `withinMs`. */
  private async readinessAfter(instance: string, status: string, since: number, withinMs: number) {
    const deadline = since + withinMs;
    while (Date.now() < deadline) {
      const seen = this.transitions.find((t) => t.instance === instance && t.to === status && t.at >= since);
      if (seen) return seen.at - since;
      await sleep(100);
    }
    const seen = this.transitions.find((t) => t.instance === instance && t.to === status && t.at >= since);
    return seen ? seen.at - since : null;
  }

  private async readinessTimes(startedAt: number, recoveredAt: number | (() => number), names: string[]) {
    const degradedAfterMs: Record<string, number | null> = {};
    const readyAfterMs: Record<string, number | null> = {};
    for (const name of names) {
      const recovered = typeof recoveredAt === 'number' ? recoveredAt : recoveredAt();
      const mine = this.transitions.filter((t) => t.instance === name);
      const firstDuring = mine.find((t) => t.at >= startedAt && t.at <= recovered + 5_000);
      // Already degraded as the fault began (another dependency's breaker, on a host short of CPU)
      // and still so at the poll's next change: it said degraded from the start.
      const degradedAlready =
        mine.filter((t) => t.at < startedAt).at(-1)?.to === 'degraded' && firstDuring?.to !== 'ready';
      const becameDegraded = mine.find(
        (t) => t.to === 'degraded' && t.at >= startedAt && t.at <= recovered + 5_000,
      );
      degradedAfterMs[name] = degradedAlready ? 0 : becameDegraded ? becameDegraded.at - startedAt : null;
      readyAfterMs[name] = await this.readinessAfter(name, 'ready', recovered, 30_000);
    }
    const readinessSeen: Record<string, string> = {};
    const recovered = typeof recoveredAt === 'number' ? recoveredAt : recoveredAt();
    for (const name of names) {
      const mine = this.transitions.filter((t) => t.instance === name);
      const before = mine.filter((t) => t.at < startedAt).at(-1)?.to ?? 'unknown';
      const during = mine.filter((t) => t.at >= startedAt && t.at <= recovered).map((t) => t.to);
      readinessSeen[name] = [before, ...during].join(' → ');
    }
    return { degradedAfterMs, readyAfterMs, readinessSeen };
  }

  /** Stops a dependency for `seconds` and starts it again. */
  async outage(which: 'redis' | 'postgresql', seconds: number): Promise<FaultReport> {
    const server = which === 'redis' ? this.redis : this.postgres;
    await this.closeWindow();
    this.options.log?.(`fault: ${which} stopped for ${seconds} s`);
    const startedAt = Date.now();
    this.phase = which;
    await server.stop();
    await sleep(seconds * SECOND);
    const during = await this.closeWindow();
    await server.start();
    const recoveredAt = Date.now();
    this.phase = `after ${which}`;
    this.options.log?.(`fault: ${which} started again`);
    const names = [...this.slots.keys()];
    const { degradedAfterMs, readyAfterMs, readinessSeen } = await this.readinessTimes(
      startedAt,
      recoveredAt,
      names,
    );
    this.phase = 'steady';
    return { fault: which, startedAt, recoveredAt, during, degradedAfterMs, readyAfterMs, readinessSeen };
  }

  /** SIGKILLs the leader, waits for the other instance to take over, restarts it as a follower. */
  async killLeader(): Promise<FaultReport> {
    // After a PostgreSQL outage the lock is taken again within a few seconds.
    const waitUntil = Date.now() + 30_000;
    while (this.leader() === '' && Date.now() < waitUntil) await sleep(250);
    const killed = this.leader();
    if (killed === '') {
      const leadership = [...this.slots.values()].flatMap((slot) =>
        slot.instance.logs
          .filter((line) => /lead|follow|lock/.test(String(line.msg)))
          .slice(-4)
          .map((line) => `${slot.instance.name}: ${String(line.msg)}`),
      );
      throw new Error(`no instance leads ingest: ${leadership.join(' | ')}`);
    }
    const survivor = [...this.slots.keys()].find((name) => name !== killed) ?? '';
    const slot = this.slot(killed);
    const survivorLogs = this.slot(survivor).instance.logs.length;
    await this.closeWindow();
    this.options.log?.(`fault: ${killed} (leader) killed with SIGKILL`);
    const startedAt = Date.now();
    this.phase = 'leader-kill';
    slot.up = false;
    await slot.instance.kill();
    const survivorInstance = this.slot(survivor).instance;
    await survivorInstance.waitForLog(
      (line) => line.leading === true && survivorInstance.logs.indexOf(line) >= survivorLogs,
      60_000,
    );
    const takeoverMs = Date.now() - startedAt;
    await this.startSlot(killed);
    const recoveredAt = Date.now();
    this.phase = 'steady';
    const during = await this.closeWindow();
    this.options.log?.(
      `fault: ${survivor} leads after ${takeoverMs} ms; ${killed} serves again as a follower`,
    );
    return {
      fault: 'leader-kill',
      startedAt,
      recoveredAt,
      during,
      degradedAfterMs: {},
      readyAfterMs: { [killed]: await this.readinessAfter(killed, 'ready', recoveredAt, 30_000) },
      killed,
      newLeader: survivor,
      takeoverMs,
    };
  }

  /** Stops the load, the clients, the instances and the servers. */
  async stop(): Promise<void> {
    this.running = false;
    for (const stream of this.streams) stream.close();
    await Promise.allSettled(this.background);
    await Promise.allSettled([...this.slots.values()].map((slot) => slot.instance.stop()));
    await Promise.allSettled([this.redis.dispose(), this.postgres.dispose()]);
  }
}
