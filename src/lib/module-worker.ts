/**
 * A worker thread running one of our modules: the compiled module beside the caller (dist/), or,
 * when the caller runs from the TypeScript sources (tests, the CLI), the same module compiled on
 * load by tsx.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Starts `name` (a module file beside `callerUrl`, without its extension) on a thread of its own. */
export function startModuleWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  const fromSources = callerUrl.endsWith('.ts');
  const script = new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, callerUrl);
  if (!fromSources) return new Worker(script, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(source, { ...options, eval: true });
}
