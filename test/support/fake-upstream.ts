/**
 * A loopback stand-in for the public upstreams (ThemeParks.wiki, Queue-Times) serving the recorded
 * payloads of ../shared/fixtures by path. Any path's answer can be replaced (a status, a body that is
 * not JSON, a delay longer than the client's timeout, a 429 with Retry-After), and every request is
 * recorded with its User-Agent, so tests can count what the service really fetched.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const FIXTURES = new URL('../../../shared/fixtures/', import.meta.url);

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as unknown;
}

export interface UpstreamAnswer {
  readonly status?: number;
  /** Sent as JSON, or as is when a string. */
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly delayMs?: number;
}

export class FakeUpstream {
  readonly requests: { path: string; userAgent: string | undefined }[] = [];
  /** Path (without query) → answer; a function answers per request (counting attempts, say). */
  readonly routes = new Map<string, UpstreamAnswer | (() => UpstreamAnswer)>();
  private server: Server | undefined;
  private readonly pending = new Set<NodeJS.Timeout>();
  url = '';

  serve(path: string, answer: UpstreamAnswer | (() => UpstreamAnswer)): this {
    this.routes.set(path, answer);
    return this;
  }

  serveFixture(path: string, name: string): this {
    return this.serve(path, { body: fixture(name) });
  }

  count(path: string): number {
    return this.requests.filter((r) => r.path === path).length;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      this.requests.push({ path, userAgent: request.headers['user-agent'] });
      const route = this.routes.get(path);
      const answer: UpstreamAnswer =
        typeof route === 'function' ? route() : (route ?? { status: 404, body: { message: 'not found' } });
      const send = () => {
        if (response.destroyed) return;
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
        response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        response.end(text);
      };
      if (answer.delayMs) {
        const timer = setTimeout(() => {
          this.pending.delete(timer);
          send();
        }, answer.delayMs);
        this.pending.add(timer);
      } else send();
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const timer of this.pending) clearTimeout(timer);
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
