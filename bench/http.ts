/**
 * The HTTP rows: wrk against queuecast and, back to back in the same run, against a bare `node:http`
 * server answering the very bytes queuecast answered, headers included (fetched right before each
 * round). The /waits and page cases run `rounds` short rounds, alternating which server goes
 * first, and each figure is taken from the round whose queuecast/baseline ratio is the median: the
 * machine's swings between runs are larger than the differences measured, and a round's two runs
 * share them. The other cases run once.
 *
 * Callers: a partner key on every request (rotated over the bench's partner keys so none reaches
 * 600 a minute), or keyless from many client addresses (X-Forwarded-For through the trusted
 * loopback proxy, a fresh 65,536-address block per case, so none reaches 30 a minute). The real
 * limiter counts every request; any 429 or other error is counted and reported.
 */
import { startChild, type Child } from './child.js';
import { BENCH_DIR, type BenchData } from './data-dir.js';
import { fixedResponseOf, type FixedResponseMessage } from './fixed-response.js';
import { getRaw } from './http-get.js';
import { PAGES } from './pages.js';
import { cpuMs } from './proc.js';
import { summariseFile } from './profile.js';
import { log, medianPair } from './stats.js';
import { atLeastTimes, atMostTimes, none, reference, type Row } from './table.js';
import { runWrk, type WrkOptions, type WrkResult } from './wrk.js';

export interface HttpSettings {
  /** Length of the cases that run once. */
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** Rounds of the /waits cases (the ones with a 0.9× goal), each `roundSeconds` per server. */
  readonly rounds: number;
  readonly roundSeconds: number;
  /** Profile queuecast during one extra run per case (BENCH_PROFILE=1). */
  readonly profile: boolean;
  /** When not empty, only the cases whose names contain one of these texts (any case) run. */
  readonly cases: readonly string[];
}

type Caller = 'partner' | 'keyless';

interface HttpCase {
  readonly name: string;
  readonly path: string;
  readonly caller: Caller;
  readonly headers?: Readonly<Record<string, string>>;
  /** Send If-None-Match with the current ETag (a conditional request). */
  readonly conditional?: boolean;
  /** Requests/s goal as a share of the baseline's. */
  readonly share: number;
  readonly rounds: 'main' | 'once';
  readonly p99?: boolean;
  readonly cpu?: boolean;
  /** Measure bare Fastify (a reference) instead of queuecast. */
  readonly subject?: 'queuecast' | 'fastify';
}

const WAITS = '/v1/parks/mk/waits';
const P99_FACTOR = 1.5;

const CASES: readonly HttpCase[] = [
  {
    name: '/waits, partner key',
    path: WAITS,
    caller: 'partner',
    share: 0.9,
    rounds: 'main',
    p99: true,
    cpu: true,
  },
  {
    name: '/waits, keyless',
    path: WAITS,
    caller: 'keyless',
    share: 0.9,
    rounds: 'main',
    p99: true,
    cpu: true,
  },
  {
    name: '/waits, partner key, brotli',
    path: WAITS,
    caller: 'partner',
    headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    share: 0.9,
    rounds: 'main',
    p99: true,
  },
  {
    name: '/waits, partner key, gzip',
    path: WAITS,
    caller: 'partner',
    headers: { 'Accept-Encoding': 'gzip' },
    share: 0.9,
    rounds: 'main',
    p99: true,
  },
  {
    name: '/waits, partner key, If-None-Match (304)',
    path: WAITS,
    caller: 'partner',
    conditional: true,
    share: 0.9,
    rounds: 'main',
    p99: true,
  },
  {
    name: 'bare Fastify 5, /waits bytes (reference)',
    path: WAITS,
    caller: 'partner',
    share: 0,
    rounds: 'once',
    p99: true,
    subject: 'fastify',
  },
  { name: '/parks', path: '/v1/parks', caller: 'partner', share: 0.5, rounds: 'once' },
  {
    name: 'ride detail',
    path: '/v1/rides/magic-kingdom_space-mountain',
    caller: 'partner',
    share: 0.5,
    rounds: 'once',
  },
  {
    name: 'priority lane',
    path: '/v1/parks/mk/priority-lane',
    caller: 'partner',
    share: 0.5,
    rounds: 'once',
  },
  {
    name: 'history, 7 days',
    path: '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/history?days=7',
    caller: 'partner',
    share: 0.5,
    rounds: 'once',
  },
  { name: 'reliability', path: '/v1/parks/mk/reliability', caller: 'partner', share: 0.5, rounds: 'once' },
  {
    name: 'crowds, 30 days',
    path: '/v1/parks/mk/crowds?days=30',
    caller: 'partner',
    share: 0.5,
    rounds: 'once',
  },
  {
    name: 'best times',
    path: '/v1/rides/magic-kingdom_seven-dwarfs-mine-train/best-times',
    caller: 'partner',
    share: 0.5,
    rounds: 'once',
  },
  {
    name: 'crowd actuals, 60 days',
    path: '/v1/parks/mk/crowds/actuals?days=60',
    caller: 'partner',
    share: 0.5,
    rounds: 'once',
  },
  {
    name: 'tickets',
    path: '/v1/resorts/walt-disney-world/tickets',
    caller: 'partner',
    share: 0.5,
    rounds: 'once',
  },
  {
    name: 'hotel availability, 14 nights',
    path: '/v1/resorts/walt-disney-world/hotel-availability?days=14',
    caller: 'partner',
    share: 0.5,
    rounds: 'once',
  },
  {
    name: 'bus departures by name',
    path: '/v1/resorts/walt-disney-world/buses?stop=Pop%20Century',
    caller: 'partner',
    share: 0.5,
    rounds: 'once',
  },
  { name: 'hours, 7 days', path: '/v1/parks/mk/hours?days=7', caller: 'partner', share: 0.5, rounds: 'once' },
  { name: 'showtimes', path: '/v1/parks/mk/showtimes', caller: 'partner', share: 0.5, rounds: 'once' },
  { name: 'conditions', path: '/v1/parks/mk/conditions', caller: 'partner', share: 0.5, rounds: 'once' },
  // The website's pages (not rate limited), as browsers ask for them. In rounds like /waits: their
  // p99 goal is decided by single pauses, which one 10 s run catches or misses by chance.
  ...PAGES.map((page): HttpCase => ({
    name: page.name,
    path: page.path,
    caller: 'keyless',
    headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    share: 0.5,
    rounds: 'main',
    p99: true,
  })),
];

interface Server {
  readonly child: Child;
  readonly origin: string;
}

async function start(script: string, args: readonly string[] = []): Promise<Server> {
  const child = startChild(script, args, { stdout: 'ignore' });
  const { url } = await child.next<{ url: string }>('listening');
  return { child, origin: url };
}

interface Measured extends WrkResult {
  /** Server CPU time per request, µs. */
  readonly cpuUs: number;
}

async function measure(server: Server, options: Omit<WrkOptions, 'origin'>): Promise<Measured> {
  const pid = server.child.process.pid ?? 0;
  const before = cpuMs(pid);
  const result = await runWrk({ ...options, origin: server.origin });
  return { ...result, cpuUs: ((cpuMs(pid) - before) * 1000) / Math.max(1, result.requests) };
}

function describe(label: string, result: Measured): string {
  return (
    `${label.padEnd(9)} ${Math.round(result.requestsPerSecond).toLocaleString('en-US').padStart(7)} req/s, ` +
    `p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ` +
    `${result.cpuUs.toFixed(1)} µs CPU/req, errors ${result.non2xx3xx + result.socketErrors}`
  );
}

export async function httpRows(data: BenchData, settings: HttpSettings): Promise<Row[]> {
  const queuecast = await start('./queuecast-server.ts', [data.dataDir, 'system', 'no-poll']);
  const bare = await start('./bare-http.ts');
  let fastify: Server | undefined;
  const partnerAuth = data.keys.map((key) => `Bearer ${key}`);
  const refused: Record<Caller, { subject: number; bare: number }> = {
    partner: { subject: 0, bare: 0 },
    keyless: { subject: 0, bare: 0 },
  };
  const rows: Row[] = [];
  try {
    for (const [index, testCase] of CASES.entries()) {
      if (!selected(testCase, settings.cases)) continue;
      if (testCase.subject === 'fastify') fastify ??= await start('./bare-fastify.ts');
      const subject = testCase.subject === 'fastify' && fastify ? fastify : queuecast;
      const rotate =
        testCase.caller === 'partner'
          ? { header: 'Authorization', values: partnerAuth }
          : { header: 'X-Forwarded-For', values: addressBlock(index + 1) };
      const [rounds, seconds] =
        testCase.rounds === 'main' ? [settings.rounds, settings.roundSeconds] : [1, settings.seconds];
      const ours: Measured[] = [];
      const theirs: Measured[] = [];
      for (let round = 0; round < rounds; round++) {
        // A fresh snapshot (so the data is live), then the bytes the baselines must answer with.
        await queuecast.child.ask({ command: 'refresh' });
        const options = await prepare(testCase, queuecast.origin, partnerAuth[0] ?? '', rotate, settings);
        for (const server of [bare, fastify]) {
          if (server) await server.child.ask({ command: 'respond', ...options.response });
        }
        if (round === 0) {
          await runWrk({ ...options.wrk, origin: subject.origin, seconds: settings.warmupSeconds });
          await runWrk({ ...options.wrk, origin: bare.origin, seconds: settings.warmupSeconds });
        }
        const order = round % 2 === 0 ? (['bare', 'subject'] as const) : (['subject', 'bare'] as const);
        for (const which of order) {
          const result = await measure(which === 'bare' ? bare : subject, { ...options.wrk, seconds });
          (which === 'bare' ? theirs : ours).push(result);
          const name = which === 'bare' ? 'node:http' : (testCase.subject ?? 'queuecast');
          log(`http ${testCase.name} [${round + 1}/${rounds}] ${describe(name, result)}`);
        }
      }
      if (testCase.subject !== 'fastify') {
        refused[testCase.caller].subject += sum(ours.map((r) => r.non2xx3xx + r.socketErrors));
        refused[testCase.caller].bare += sum(theirs.map((r) => r.non2xx3xx + r.socketErrors));
      }
      rows.push(...caseRows(testCase, ours, theirs));
      if (settings.profile && testCase.subject !== 'fastify') {
        await profileCase(testCase, queuecast, partnerAuth[0] ?? '', rotate, settings);
      }
    }
  } finally {
    await Promise.all([queuecast.child.stop(), bare.child.stop(), fastify?.child.stop()]);
  }
  for (const caller of ['partner', 'keyless'] as const) {
    rows.push(
      none(
        `HTTP runs, ${caller === 'partner' ? 'partner key' : 'keyless'}: responses refused (429) or failed`,
        'responses',
        refused[caller].subject,
        refused[caller].bare,
      ),
    );
  }
  return rows;
}

function selected(testCase: HttpCase, texts: readonly string[]): boolean {
  const name = testCase.name.toLowerCase();
  return texts.length === 0 || texts.some((text) => name.includes(text.toLowerCase()));
}

/** Each figure from the round (ours[i] beside theirs[i]) whose ratio for that figure is the median. */
function caseRows(testCase: HttpCase, ours: Measured[], theirs: Measured[]): Row[] {
  const pick = (value: (r: Measured) => number) =>
    medianPair(ours.map((result, round) => [value(result), value(theirs[round] ?? result)] as const));
  const rps = pick((r) => r.requestsPerSecond);
  const p99 = pick((r) => r.p99Ms);
  const cpu = pick((r) => r.cpuUs);
  const fastify = testCase.subject === 'fastify';
  const rows: Row[] = [
    fastify
      ? reference(`${testCase.name}: requests/s`, 'req/s', ...rps)
      : atLeastTimes(`${testCase.name}: requests/s`, 'req/s', ...rps, testCase.share),
  ];
  if (testCase.p99) {
    rows.push(
      fastify
        ? reference(`${testCase.name}: p99 latency`, 'ms', ...p99)
        : atMostTimes(`${testCase.name}: p99 latency`, 'ms', ...p99, P99_FACTOR),
    );
  }
  if (testCase.cpu) rows.push(reference(`${testCase.name}: server CPU per request`, 'µs', ...cpu));
  return rows;
}

interface Prepared {
  readonly wrk: Omit<WrkOptions, 'origin'>;
  /** What the bare servers answer: queuecast's status, body and content headers. */
  readonly response: FixedResponseMessage;
}

/** Fetches queuecast's current answer to the case's request: the bytes and, for 304s, the ETag. */
async function prepare(
  testCase: HttpCase,
  origin: string,
  partnerAuth: string,
  rotate: WrkOptions['rotate'],
  settings: HttpSettings,
): Promise<Prepared> {
  const caller: Record<string, string> =
    testCase.caller === 'partner' ? { Authorization: partnerAuth } : { 'X-Forwarded-For': '192.0.2.1' };
  let headers: Record<string, string> = { ...testCase.headers };
  if (testCase.conditional) {
    const first = await getRaw(`${origin}${testCase.path}`, { ...caller, ...headers });
    headers = { ...headers, 'If-None-Match': String(first.headers.etag) };
  }
  const answer = await getRaw(`${origin}${testCase.path}`, { ...caller, ...headers });
  const expected = testCase.conditional ? 304 : 200;
  if (answer.status !== expected) {
    throw new Error(`${testCase.path} answered ${answer.status}, not ${expected}: ${answer.body.toString()}`);
  }
  return {
    wrk: {
      path: testCase.path,
      headers,
      ...(rotate ? { rotate } : {}),
      seconds: settings.seconds,
    },
    response: fixedResponseOf(answer),
  };
}

async function profileCase(
  testCase: HttpCase,
  queuecast: Server,
  partnerAuth: string,
  rotate: WrkOptions['rotate'],
  settings: HttpSettings,
): Promise<void> {
  await queuecast.child.ask({ command: 'refresh' });
  const options = await prepare(testCase, queuecast.origin, partnerAuth, rotate, settings);
  const slug = testCase.name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  const file = `${BENCH_DIR}profiles/http-${slug}.cpuprofile`;
  await queuecast.child.ask({ command: 'profile-start' });
  await runWrk({ ...options.wrk, origin: queuecast.origin });
  await queuecast.child.ask({ command: 'profile-stop', file });
  log(`profile of ${testCase.name}: ${file}\n${summariseFile(file, 20)}`);
}

/** 65,536 client addresses, 10.<block>.x.y, for keyless requests through the trusted proxy. */
function addressBlock(block: number): string[] {
  return Array.from({ length: 65_536 }, (_, i) => `10.${block % 256}.${i >> 8}.${i & 255}`);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
