/**
 * A loopback stand-in for api.weather.gov serving the recorded payloads of ../shared/fixtures, for
 * the adapter's tests: each route's answer can be replaced (an error document, a delay, another
 * payload) and every request is recorded with its User-Agent.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const FIXTURES = new URL('../../../shared/fixtures/', import.meta.url);

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as unknown;
}

export interface FakeAnswer {
  readonly status?: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
  /** Milliseconds before answering. */
  readonly delayMs?: number;
}

export type Route = 'points' | 'stations' | 'observation' | 'alerts';

export class FakeNws {
  readonly requests: { path: string; userAgent: string | undefined }[] = [];
  readonly answers: Record<Route, FakeAnswer> = {
    points: { body: fixture('nws-points.json'), headers: { 'cache-control': 'public, max-age=86400' } },
    stations: { body: fixture('nws-stations.json'), headers: { 'cache-control': 'public, max-age=86400' } },
    observation: {
      body: fixture('nws-observation.json'),
      headers: { 'cache-control': 'public, max-age=60' },
    },
    alerts: { body: fixture('nws-alerts.json'), headers: { 'cache-control': 'public, max-age=30' } },
  };
  /** Station IDs whose latest observation answers 404. */
  readonly missingStations = new Set<string>();
  private server: Server | undefined;
  private readonly pending = new Set<NodeJS.Timeout>();
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.answer(request, response);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const timer of this.pending) clearTimeout(timer);
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  count(route: RegExp): number {
    return this.requests.filter((r) => route.test(r.path)).length;
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '/';
    this.requests.push({ path, userAgent: request.headers['user-agent'] });
    const station = /^\/stations\/([^/]+)\/observations\/latest$/.exec(path)?.[1];
    let answer: FakeAnswer;
    if (station && this.missingStations.has(station)) {
      answer = {
        status: 404,
        body: { title: 'Not Found', detail: `No observations for ${station}`, status: 404 },
      };
    } else if (path.startsWith('/points/')) answer = this.answers.points;
    else if (/^\/gridpoints\/[^/]+\/[^/]+\/stations$/.test(path)) answer = this.answers.stations;
    else if (station) answer = this.answers.observation;
    else if (path.startsWith('/alerts/active?point=')) answer = this.answers.alerts;
    else answer = { status: 404, body: fixture('nws-error.json') };
    const send = () => {
      const status = answer.status ?? 200;
      response.writeHead(status, {
        'content-type': status === 200 ? 'application/geo+json' : 'application/problem+json',
        ...answer.headers,
      });
      response.end(JSON.stringify(answer.body));
    };
    if (answer.delayMs) {
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        send();
      }, answer.delayMs);
      this.pending.add(timer);
    } else send();
  }
}
