/**
 * Starts a benchmark role in its own Node process, with the open-file limit raised for thousands
 * of sockets (`ulimit -n` in a bash wrapper; the hard limit when 65536 is not allowed), talking to
 * the parent over the IPC channel.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Child {
  readonly process: ChildProcess;
  /** Sends a request and resolves with the child's answer to it. */
  ask<T>(message: Record<string, unknown>): Promise<T>;
  /** Resolves with the next message the child sends of `type`. */
  next<T>(type: string): Promise<T>;
  stop(): Promise<void>;
}

interface Envelope {
  readonly type: string;
  readonly id?: number;
}

export interface ChildOptions {
  /** Where the child's stdout goes: the parent's stderr (default), or nowhere (a server's request log). */
  readonly stdout?: 'stderr' | 'ignore';
  /**
   * `tsx` (default): `script` is a TypeScript file beside this one, run through tsx. `none`: an
   * absolute path to JavaScript run by plain Node, as production runs (tsx alone adds ~37 MB RSS).
   */
  readonly loader?: 'tsx' | 'none';
  /** Added to the environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** A command that runs Node, such as `valgrind --tool=callgrind` with its options. */
  readonly wrapper?: readonly string[];
}

export function startChild(script: string, args: readonly string[], options: ChildOptions = {}): Child {
  const plain = options.loader === 'none';
  const path = plain ? script : fileURLToPath(new URL(script, import.meta.url));
  const node = plain ? [process.execPath] : [process.execPath, '--expose-gc', '--import', 'tsx'];
  const command = [...(options.wrapper ?? []), ...node, path, ...args]
    .map((word) => `'${word.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const child = spawn(
    'bash',
    ['-c', `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec ${command}`],
    {
      // The child's stdout goes to stderr: stdout carries only the table (or the JSON rows).
      stdio: ['ignore', options.stdout === 'ignore' ? 'ignore' : 2, 'inherit', 'ipc'],
      env: { ...process.env, ...options.env },
    },
  );
  const waiting = new Map<string, ((message: unknown) => void)[]>();
  const queued = new Map<string, unknown[]>();
  child.on('message', (message: Envelope) => {
    const key = message.id === undefined ? message.type : `#${message.id}`;
    const waiter = waiting.get(key)?.shift();
    if (waiter) waiter(message);
    else queued.set(key, [...(queued.get(key) ?? []), message]);
  });
  const wait = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const early = queued.get(key)?.shift();
      if (early !== undefined) {
        resolve(early as T);
        return;
      }
      const onExit = (code: number | null) => {
        reject(new Error(`${script} exited (${String(code)}) while waiting for ${key}`));
      };
      child.once('exit', onExit);
      waiting.set(key, [
        ...(waiting.get(key) ?? []),
        (message) => {
          child.off('exit', onExit);
          resolve(message as T);
        },
      ]);
    });
  let nextId = 0;
  return {
    process: child,
    ask: <T>(message: Record<string, unknown>) => {
      const id = ++nextId;
      child.send({ ...message, id });
      return wait<T>(`#${id}`);
    },
    next: <T>(type: string) => wait<T>(type),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** In a child: answers the parent's requests with `handle`. */
export function serve(handle: (request: Record<string, unknown>) => Promise<Record<string, unknown>>): void {
  process.on('message', (request: Record<string, unknown> & { id: number }) => {
    handle(request).then(
      (answer) => process.send?.({ ...answer, type: 'answer', id: request.id }),
      (error: unknown) => process.send?.({ type: 'answer', id: request.id, error: String(error) }),
    );
  });
}
