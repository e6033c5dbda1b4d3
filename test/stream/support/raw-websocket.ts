/**
 * A WebSocket client written against the socket itself, so a test can stop reading (a slow client
 * whose buffers fill) or never answer a close handshake. Frames are built by hand (RFC 6455).
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export class RawWebSocket {
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    this.closed = new Promise((resolve) => {
      socket.on('close', () => {
        resolve();
      });
    });
    socket.on('error', () => undefined);
  }

  /** Opens the connection and completes the handshake; the 101 response is checked. */
  static async open(url: string): Promise<RawWebSocket> {
    const { hostname, port, pathname } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    const client = new RawWebSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.write(
      `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    const head = await new Promise<string>((resolve) => {
      let text = '';
      const onData = (chunk: Buffer) => {
        text += chunk.toString('latin1');
        const end = text.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        socket.pause();
        const rest = Buffer.from(text.slice(end + 4), 'latin1');
        if (rest.length > 0) socket.unshift(rest);
        resolve(text.slice(0, end));
      };
      socket.on('data', onData);
    });
    if (!head.startsWith('HTTP/1.1 101')) throw new Error(`handshake refused: ${head}`);
    return client;
  }

  /** Sends one masked text frame, as a client must. */
  sendText(text: string): void {
    const payload = Buffer.from(text);
    const mask = randomBytes(4);
    const length =
      payload.length < 126
        ? Buffer.from([0x80 | payload.length])
        : Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff]);
    const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
    this.socket.write(Buffer.concat([Buffer.from([0x81]), length, mask, masked]));
  }

  /** Reads (and discards) everything from now on, so the socket can reach its end. */
  drain(): void {
    this.socket.on('data', () => undefined);
    this.socket.resume();
  }

  destroy(): void {
    this.socket.destroy();
  }
}
