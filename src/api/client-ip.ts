/**
 * Which address a request comes from. X-Forwarded-For is believed only through the proxies that
 * TRUST_PROXY names; the HTTP server (Fastify's trustProxy) and the WebSocket upgrade share this one
 * decision, so keyless limits count the same client on both.
 */
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

export type TrustProxy = (address: string, hop: number) => boolean;

export function trustProxy(setting: number | string | undefined): TrustProxy {
  if (setting === undefined) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting.split(',').map((entry) => entry.trim()));
}

/** The client address of a raw request (the WebSocket upgrade), by the same rule as Fastify's `request.ip`. */
export function clientIp(request: IncomingMessage, trust: TrustProxy): string {
  return proxyaddr(request, trust);
}

/**
 * A raw request's headers and client address, the address worked out only when read (keyed
 * callers and unlogged requests never need it). The getter lives on the class: an accessor in an
 * object literal made a hidden class per request, whose map transition kept the whole request
 * alive through young-generation GCs, a third of a cached answer's cost (BENCHMARKS.md).
 */
export class RawClient {
  constructor(
    readonly request: IncomingMessage,
    private readonly trust: TrustProxy,
  ) {}

  get headers(): IncomingMessage['headers'] {
    return this.request.headers;
  }

  get ip(): string {
    return clientIp(this.request, this.trust);
  }
}
