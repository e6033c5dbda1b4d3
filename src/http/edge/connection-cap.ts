/**
 * A cap on open connections per client address, against clients that open sockets and never finish
 * a request (or trickle one). It counts the sockets an address holds that are neither streams
 * (which the stream limits govern) nor keyed (which the key's limits govern); past the cap, a new
 * socket gets a 429 in the envelope and is closed. Sockets from trusted proxies are not counted (a
 * proxy speaks for many clients), nor, unless told otherwise, those from this machine itself
 * (loopback: a local proxy or the operator's own tools, not a stranger on the network).
 */
import type { Socket } from 'node:net';
import type { TrustProxy } from '../client-ip.js';
import type { RawErrors } from './raw-errors.js';

/** Open, unauthenticated, non-stream connections one address may hold. */
export const MAX_CONNECTIONS_PER_ADDRESS = 128;

function isLoopback(address: string): boolean {
  return address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.');
}

/** The address a socket is counted under; undefined once released (or never counted). */
const COUNTED = Symbol('counted under');

type CountedSocket = Socket & { [COUNTED]?: string | undefined };

export class ConnectionCap {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly trust: TrustProxy,
    private readonly raw: RawErrors,
    private readonly max = MAX_CONNECTIONS_PER_ADDRESS,
    private readonly capLoopback = false,
  ) {}

  /** The server's `connection` listener. */
  readonly admit = (socket: Socket): void => {
    const counted = socket as CountedSocket;
    const address = socket.remoteAddress;
    counted[COUNTED] = undefined;
    if (address === undefined || this.trust(address, 0)) return;
    if (!this.capLoopback && isLoopback(address)) return;
    const held = this.open.get(address) ?? 0;
    if (held >= this.max) {
      this.raw.answerSocket(socket, {
        status: 429,
        code: 'rate_limited',
        message: `Too many open connections from ${address} (at most ${this.max} without a key). Reuse keep-alive connections or close idle ones, then retry in 5 seconds.`,
        headers: { 'retry-after': 5 },
      });
      return;
    }
    this.open.set(address, held + 1);
    counted[COUNTED] = address;
    socket.once('close', () => {
      this.release(socket);
    });
  };

  /** Stops counting a socket: it became a stream, or it carries a key. */
  release(socket: Socket): void {
    const counted = socket as CountedSocket;
    const address = counted[COUNTED];
    if (address === undefined) return;
    counted[COUNTED] = undefined;
    const held = (this.open.get(address) ?? 1) - 1;
    if (held > 0) this.open.set(address, held);
    else this.open.delete(address);
  }

  /** Connections counted for `address` (tests). */
  held(address: string): number {
    return this.open.get(address) ?? 0;
  }
}
