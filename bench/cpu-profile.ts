/**
 * CPU profiling of a window of a benchmark (the measured runs only, not start-up): the same V8
 * profiler as `node --cpu-prof`, started and stopped through the inspector, written as a
 * `.cpuprofile` (open it in Chrome DevTools, or summarise it with bench/profile.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Session } from 'node:inspector/promises';

let session: Session | undefined;

export async function startProfile(): Promise<void> {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}

/** Stops the profile started last and writes it to `file`. */
export async function stopProfile(file: string): Promise<void> {
  if (!session) throw new Error('no profile was started');
  const { profile } = await session.post('Profiler.stop');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  session = undefined;
}
