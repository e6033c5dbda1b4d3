/**
 * How far behind a WebSocket client is, the kernel's buffers included. Node sees only what it
 * still holds itself; on a fast link the operating system holds several megabytes more (4.3 MB
 * measured here on loopback, beside Node's 1 MB). So every `probeBytes` of messages the server
 * sends a protocol ping, which the client's WebSocket answers with a pong once it has read
 * everything sent before it (RFC 6455 5.5.2; browsers and ws do it themselves). What was sent
 * after the last answered ping is what the client has not read yet.
 *
 * A pong that comes unasked only moves the count up to a ping actually sent, so a client cannot
 * talk its way past the limit; and what Node itself holds is checked too.
 */
export const PROBE_BYTES = 64 * 1024;

/** Pings in flight at most; past that the count waits for answers. */
const MAX_PROBES = 64;

export class ReadReceipts {
  private sent = 0;
  private read = 0;
  private lastProbe = 0;
  private readonly probes: number[] = [];

  constructor(private readonly probeBytes = PROBE_BYTES) {}

  /** Counts a message of `bytes` sent; true when a ping should follow it. */
  sentMessage(bytes: number): boolean {
    this.sent += bytes;
    if (this.sent - this.lastProbe < this.probeBytes || this.probes.length >= MAX_PROBES) return false;
    this.lastProbe = this.sent;
    this.probes.push(this.sent);
    return true;
  }

  /** A pong arrived: the client has read everything sent before the oldest unanswered ping. */
  answered(): void {
    const offset = this.probes.shift();
    if (offset !== undefined) this.read = offset;
  }

  /** Bytes sent that the client has not been seen to read. */
  get unread(): number {
    return this.sent - this.read;
  }
}
