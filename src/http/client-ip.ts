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
  return remembered(proxyaddr.compile(setting.split(',').map((entry) => entry.trim())));
}

/** How many addresses' trust decisions are kept (clients choose what X-Forwarded-For carries). */
const REMEMBERED_ADDRESSES = 4_096;

/**
 * Trust by address list, each address's decision remembered: the proxy in front of the server
 * presents the same address on every request, and parsing it is most of what resolving a client
 * IP costs.
 */
function remembered(trust: TrustProxy): TrustProxy {
  const decisions = new Map<string, boolean>();
  return (address, hop) => {
    let trusted = decisions.get(address);
    if (trusted === undefined) {
      // A compiled address list decides by the address alone, whatever the hop.
      trusted = trust(address, hop);
      if (decisions.size >= REMEMBERED_ADDRESSES) decisions.clear();
      decisions.set(address, trusted);
    }
    return trusted;
  };
}

/**
 * The client address of a request, by the same rule as Fastify's `request.ip` (proxy-addr). Behind
 * one proxy, X-Forwarded-For holds a single address: that case is decided here without proxy-addr's
 * lists of addresses, which were most of what a keyless request cost the prepared lane.
 */
export function clientIp(request: IncomingMessage, trust: TrustProxy): string {
  const forwarded = request.headers['x-forwarded-for'];
  const peer = request.socket.remoteAddress;
  if (peer !== undefined && typeof forwarded === 'string' && isOneAddress(forwarded)) {
    return trust(peer, 0) ? forwarded : peer;
  }
  return proxyaddr(request, trust);
}

/** Whether X-Forwarded-For names one address as proxy-addr reads it (it splits at commas and trims spaces). */
function isOneAddress(forwarded: string): boolean {
  return forwarded !== '' && !forwarded.includes(',') && !forwarded.includes(' ');
}

/**
 * A request as access control and the request log read it: its headers, the stream key from the
 * query when the endpoint takes one, and the client address, worked out only when read (keyed
 * callers and unlogged requests never need it). The getter lives on the class: an accessor in an
 * object literal makes a hidden class per request, which keeps the request alive through
 * young-generation collections (ADR 0006).
 */
export class RawClient {
  constructor(
    readonly request: IncomingMessage,
    private readonly trust: TrustProxy,
    readonly queryKey?: string,
  ) {}

  get headers(): IncomingMessage['headers'] {
    return this.request.headers;
  }

  get ip(): string {
    return clientIp(this.request, this.trust);
  }
}
