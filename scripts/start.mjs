// `npm start`: serves the compiled build, compiling first only when the sources are newer than it
// (`npm ci` compiles once, through the `prepare` script), so a restart serves within seconds.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.built');

/** The newest modification time among the files the build reads. */
function newestSource(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestSource(join(path, entry)));
  return newest;
}

const inputs = ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'].map((name) =>
  join(root, name),
);
const stale = !existsSync(stamp) || Math.max(...inputs.map(newestSource)) > statSync(stamp).mtimeMs;
if (stale) {
  process.stderr.write('queuecast: compiling (the sources changed since the last build)…\n');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
}
await import(new URL('../dist/main.js', import.meta.url).href);
