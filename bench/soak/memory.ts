/**
 * An instance's memory as V8 sees it, read over the inspector protocol (the instance runs with
 * `--inspect` on a port of its own): `process.memoryUsage()` right after a full garbage collection,
 * so heapUsed counts what is still reachable and a leak shows as a rising floor, not as the sawtooth
 * of garbage waiting to be collected.
 */
import { createWriteStream } from 'node:fs';
import { WebSocket } from 'ws';

export interface MemorySample {
  /** MB, after a full collection. */
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

const MB = 1024 * 1024;
const CALL_TIMEOUT_MS = 20_000;

/** The NODE_OPTIONS that open an instance's inspector on `port` (loopback only). */
export const inspectOn = (port: number): string => `--inspect=127.0.0.1:${port}`;

/** Collects garbage in the instance listening on inspector `port`, then reads its memory; undefined when it cannot. */
export async function sampleMemory(port: number): Promise<MemorySample | undefined> {
  try {
    const session = await InspectorSession.at(port);
    if (!session) return undefined;
    try {
      await session.call('HeapProfiler.collectGarbage');
      const result = (await session.call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result?: { value?: string } };
      const usage = JSON.parse(result.result?.value ?? '{}') as Record<keyof MemorySample, number>;
      return {
        rss: usage.rss / MB,
        heapTotal: usage.heapTotal / MB,
        heapUsed: usage.heapUsed / MB,
        external: usage.external / MB,
        arrayBuffers: usage.arrayBuffers / MB,
      };
    } finally {
      session.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * Writes a heap snapshot of the instance listening on inspector `port` to `file` (for Chrome
 * DevTools' Memory tab, or a comparison of two by constructor); false when it cannot.
 */
export async function writeHeapSnapshot(port: number, file: string): Promise<boolean> {
  const session = await InspectorSession.at(port).catch(() => undefined);
  if (!session) return false;
  const out = createWriteStream(file);
  try {
    session.onEvent = (method, params) => {
      if (method === 'HeapProfiler.addHeapSnapshotChunk') out.write((params as { chunk: string }).chunk);
    };
    await session.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false }, 300_000);
    return true;
  } catch {
    return false;
  } finally {
    session.close();
    await new Promise((resolve) => out.end(resolve));
  }
}

class InspectorSession {
  onEvent: ((method: string, params: unknown) => void) | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as {
        id?: number;
        method?: string;
        params?: unknown;
        result?: unknown;
        error?: { message: string };
      };
      if (message.method !== undefined) this.onEvent?.(message.method, message.params);
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
    socket.on('close', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('inspector closed'));
      this.pending.clear();
    });
  }

  /** A session with the process whose inspector listens on `port`; undefined when it lists no target. */
  static async at(port: number): Promise<InspectorSession | undefined> {
    const targets = (await (
      await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(5_000) })
    ).json()) as { webSocketDebuggerUrl?: string }[];
    const url = targets[0]?.webSocketDebuggerUrl;
    return url === undefined ? undefined : InspectorSession.open(url);
  }

  static open(url: string): Promise<InspectorSession> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => {
        resolve(new InspectorSession(socket));
      });
      socket.once('error', reject);
    });
  }

  call(method: string, params: Record<string, unknown> = {}, timeoutMs = CALL_TIMEOUT_MS): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Least-squares slope of `values` against `minutes`, in MB per hour: over the last two thirds of a
 * run it says whether memory still grows once warm-up is over.
 */
export function slopePerHour(minutes: readonly number[], values: readonly number[]): number | undefined {
  const n = Math.min(minutes.length, values.length);
  if (n < 2) return undefined;
  const meanX = minutes.slice(0, n).reduce((sum, x) => sum + x, 0) / n;
  const meanY = values.slice(0, n).reduce((sum, y) => sum + y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < n; i++) {
    const dx = (minutes[i] ?? 0) - meanX;
    numerator += dx * ((values[i] ?? 0) - meanY);
    denominator += dx * dx;
  }
  return denominator === 0 ? undefined : (numerator / denominator) * 60;
}
