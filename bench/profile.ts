/**
 * Summarises a V8 CPU profile (the `.cpuprofile` of `node --cpu-prof`, which `BENCH_PROFILE=1 npm
 * run bench` records for queuecast during extra runs): where the sampled time went by component
 * (each sample charged to the innermost frame that names one), and the functions with the most
 * self time.
 *
 *   npx tsx bench/profile.ts .bench/profiles/http-waits-partner-key.cpuprofile [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly children?: number[];
}

interface Profile {
  readonly nodes: ProfileNode[];
  readonly samples: number[];
  readonly timeDeltas: number[];
}

/** Components, tried from the innermost frame outwards; the first whose pattern matches takes the sample. */
const COMPONENTS: readonly (readonly [string, RegExp])[] = [
  [
    'logging (pino, Fastify request logs)',
    /\/(pino|sonic-boom|pino-std-serializers)\/|fastify\/lib\/(log-controller|logger-factory)|\/app\/logger\.js/,
  ],
  [
    'rate limits (http/access/rate-limits, shared-state/window-counters)',
    /\/http\/access\/rate-limits\.js|\/shared-state\/window-counters\.js/,
  ],
  [
    'key check (http/access: hash, verdict cache)',
    /\/(dist|src)\/(http\/(access\/|client-ip\.js)|services\/api-keys\.js)|proxy-addr/,
  ],
  ['CORS (@fastify/cors)', /@fastify\/cors/],
  [
    'route handlers and presenters (api/, http/, catalog/, live/, services/)',
    /\/(dist|src)\/(api|http|catalog|live|services|models|lib)\//,
  ],
  ['stream hub and connections (stream/)', /\/(dist|src)\/(stream|shared-state)\//],
  ['ws library', /node_modules\/ws\//],
  ['store (kysely, better-sqlite3, store/)', /kysely|better-sqlite3|\/(dist|src)\/store\//],
  [
    'schema validation and serialisation (ajv, fast-json-stringify)',
    /\/(ajv|fast-json-stringify|fast-uri)\//,
  ],
  ['Fastify core (routing, hooks, reply)', /\/(fastify|find-my-way|avvio)\//],
  [
    'node:http and sockets (parse, headers, write syscalls)',
    /^node:(_http|net|internal\/stream_base|internal\/streams|stream)/,
  ],
  ['zlib, crypto (node)', /^node:(zlib|crypto|internal\/crypto)/],
];

const matching = (url: string) => COMPONENTS.find(([, pattern]) => pattern.test(url))?.[0];
/** Hashing and compression are charged to the code that asked for them when it is a few frames up. */
const LOOK_THROUGH = 'zlib, crypto (node)';

function componentOf(stack: readonly ProfileNode[]): string {
  for (const [i, node] of stack.entries()) {
    const { url, functionName } = node.callFrame;
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(program)') return 'V8 and native (program)';
    const component = matching(url);
    if (component === LOOK_THROUGH) {
      const caller = stack
        .slice(i + 1, i + 4)
        .map((frame) => matching(frame.callFrame.url))
        .find((name) => name !== undefined && name !== LOOK_THROUGH);
      return caller ?? component;
    }
    if (component) return component;
  }
  return 'other';
}

export function summarise(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const busy =
    total -
    [...self.entries()].reduce(
      (sum, [id, time]) => sum + (byId.get(id)?.callFrame.functionName === '(idle)' ? time : 0),
      0,
    );

  const byComponent = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, time] of self) {
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node) stack.push(node);
    }
    const component = componentOf(stack);
    byComponent.set(component, (byComponent.get(component) ?? 0) + time);
    const leaf = stack[0]?.callFrame;
    if (leaf && component !== 'idle') {
      const where = leaf.url.replace(/^.*\/(node_modules|dist|src)\//, '$1/');
      const name = `${leaf.functionName || '(anonymous)'} ${where}${where ? `:${leaf.lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + time);
    }
  }
  const share = (time: number) => `${((100 * time) / busy).toFixed(1).padStart(5)}%`;
  const list = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .filter(([name]) => name !== 'idle')
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => `  ${share(time)}  ${name}`)
      .join('\n');
  return [
    `busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s sampled; shares of the busy time.`,
    'by component (innermost frame that names one):',
    list(byComponent, COMPONENTS.length + 4),
    `by function (self time), top ${top}:`,
    list(byFunction, top),
  ].join('\n');
}

/** Reads a `.cpuprofile` file and summarises it. */
export function summariseFile(file: string, top = 25): string {
  return summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, top);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const [file, top = '25'] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile.ts FILE.cpuprofile [top]');
  process.stdout.write(`${summariseFile(file, Number(top))}\n`);
}
