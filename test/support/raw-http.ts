/**
 * HTTP written on the socket itself, for what a well-behaved client library will not send: bad
 * methods, malformed headers, a missing Host, oversized headers, trickled bytes.
 */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Parsed when the body is JSON. */
  readonly json: Record<string, unknown> | undefined;
}

/** Opens a connection to `url`'s host and port. */
export async function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** Reads one response from `socket` (until its Content-Length is read, or the socket ends). */
export function readResponse(socket: Socket, timeoutMs = 5_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => {
      finish(
        new Error(`no complete response within ${timeoutMs} ms: ${data.toString('latin1').slice(0, 200)}`),
      );
    }, timeoutMs);
    const parse = (): RawResponse | undefined => {
      const text = data.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = headers['content-length'];
      const bodyBytes = data.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
      if (length !== undefined && bodyBytes.length < Number(length)) return undefined;
      const body = bodyBytes.toString('utf8');
      let json: Record<string, unknown> | undefined;
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        json = undefined;
      }
      return { status: Number(statusLine.split(' ')[1]), headers, body, json };
    };
    const onData = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const response = parse();
      if (response) finish(undefined, response);
    };
    const onEnd = () => {
      const response = parse();
      if (response) finish(undefined, response);
      else
        finish(
          new Error(`the connection closed without a response: ${data.toString('latin1').slice(0, 200)}`),
        );
    };
    function finish(error: Error | undefined, response?: RawResponse) {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      if (error) reject(error);
      else if (response) resolve(response);
    }
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('close', onEnd);
  });
}

/** Sends `request` (bytes as written) on a fresh connection and reads the response. */
export async function rawExchange(
  url: string,
  request: string | Buffer,
  timeoutMs?: number,
): Promise<RawResponse> {
  const socket = await openSocket(url);
  try {
    const response = readResponse(socket, timeoutMs);
    socket.write(request);
    return await response;
  } finally {
    socket.destroy();
  }
}
