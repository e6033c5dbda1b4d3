/**
 * Sweeps every GET endpoint of the served OpenAPI for one park, as a client would ask it: each path
 * template filled with the park, one of its rides and its resort, each required query parameter
 * given a realistic value (a plan: two rides and no start or end; buses: the park's name as the
 * stop), and the SSE stream read to its snapshot. An answer passes when it is 200 with a body valid
 * against the served OpenAPI (data, or the spec's unavailable form: `data_status: unavailable`),
 * never a 5xx; the bus paths of a resort without a bus network answer the spec's 404 `not_found`.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { receive } from './expect-response.js';
import type { OpenApiContract } from './openapi.js';

export interface SweptPark {
  /** The park's key. */
  readonly park: string;
  readonly name: string;
  /** Its resort's key. */
  readonly resort: string;
  /** Two of its rides, by ID: `{ride}` takes the first, a plan both. */
  readonly rides: readonly [string, string];
}

/** A path of the sweep, and the template it fills. */
export interface SweptPath {
  readonly template: string;
  readonly path: string;
}

/** What a client would send for each required query parameter. */
function requiredValue(name: string, park: SweptPark): string {
  if (name === 'rides') return park.rides.join(',');
  if (name === 'stop') return park.name;
  throw new Error(
    `the sweep has no realistic value for the required query parameter "${name}": give it one here`,
  );
}

function isParameter(
  parameter: OpenAPIV3_1.ParameterObject | OpenAPIV3_1.ReferenceObject,
): parameter is OpenAPIV3_1.ParameterObject {
  return 'in' in parameter;
}

/** Every GET operation of the served document, filled for `park`. */
export function endpointPaths(contract: OpenApiContract, park: SweptPark): SweptPath[] {
  return Object.entries(contract.document.paths ?? {})
    .filter(([, item]) => item?.get !== undefined)
    .map(([template, item]) => {
      const path = template
        .replace('{park}', encodeURIComponent(park.park))
        .replace('{ride}', encodeURIComponent(park.rides[0]))
        .replace('{resort}', encodeURIComponent(park.resort));
      const query = new URLSearchParams();
      for (const parameter of (item?.get?.parameters ?? []).filter(isParameter)) {
        if (parameter.in === 'query' && parameter.required === true)
          query.set(parameter.name, requiredValue(parameter.name, park));
      }
      const search = query.toString();
      return { template, path: search === '' ? path : `${path}?${search}` };
    });
}

export interface SweepResult {
  /** Paths answered other than expected, with what they sent. */
  readonly failures: string[];
  /** Paths answered 200 in the unavailable form, with their note: what the park has no data for. */
  readonly unavailable: string[];
  /** Paths answered 200 with data. */
  readonly answered: number;
}

const isStream = (template: string) => template.endsWith('/stream');
/** The spec answers 404 for the bus paths of every resort without a bus network. */
const isBusPath = (template: string) => template.startsWith('/v1/resorts/{resort}/buses');

/** The first `count` messages of an SSE body (each event one `data:` line of JSON). */
async function firstEvents(body: ReadableStream<Uint8Array>, count: number): Promise<unknown[]> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const messages: unknown[] = [];
  let text = '';
  while (messages.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    for (let end = text.indexOf('\n\n'); end >= 0 && messages.length < count; end = text.indexOf('\n\n')) {
      const data = text
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart());
      if (data.length > 0) messages.push(JSON.parse(data.join('\n')));
      text = text.slice(end + 2);
    }
  }
  await reader.cancel().catch(() => undefined);
  return messages;
}

/** Problems with a stream: not 200, or its subscribed and snapshot messages not as documented. */
async function streamProblems(
  response: Response,
  contract: OpenApiContract,
  path: string,
): Promise<string[]> {
  if (response.status !== 200 || !response.body) {
    return [`${response.status} ${(await response.text()).slice(0, 200)}`];
  }
  const messages = await firstEvents(response.body, 2);
  const types = messages.map((message) => (message as { type?: unknown }).type);
  if (types.join() !== 'subscribed,snapshot') return [`first messages ${JSON.stringify(types)}`];
  return messages.flatMap((message) => contract.validate(path, 200, message, 'text/event-stream'));
}

/** Asks each path once with `get` and judges the answer. */
export async function sweep(
  get: (path: string, signal: AbortSignal) => Promise<Response>,
  contract: OpenApiContract,
  paths: readonly SweptPath[],
): Promise<SweepResult> {
  const failures: string[] = [];
  const unavailable: string[] = [];
  let answered = 0;
  for (const { template, path } of paths) {
    const abort = new AbortController();
    const response = await get(path, abort.signal);
    if (isStream(template)) {
      const problems = await streamProblems(response, contract, path);
      abort.abort();
      if (problems.length > 0) failures.push(`${path}: ${problems.join('; ')}`);
      else answered++;
      continue;
    }
    const received = await receive(response);
    const problems = contract.validate(path, received.status, received.body);
    const expected = isBusPath(template) ? 404 : 200;
    const code = (received.body.error as { code?: unknown } | undefined)?.code;
    if (received.status !== expected || problems.length > 0 || (expected === 404 && code !== 'not_found')) {
      failures.push(
        `${path}: ${received.status} ${problems.join('; ')} ${JSON.stringify(received.body).slice(0, 200)}`,
      );
    } else if (received.body.data_status === 'unavailable') {
      unavailable.push(`${path}: ${JSON.stringify(received.body.note ?? null)}`);
    } else if (expected === 200) {
      answered++;
    }
  }
  return { failures, unavailable, answered };
}
