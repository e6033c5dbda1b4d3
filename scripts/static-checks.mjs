/**
 * `npm test`'s static checks, side by side: the type check, the linter, the format check and the
 * import floors each use one core for a while, and on a 2-core machine one after another they
 * waited a minute. Each one's output is printed whole once it ends; the first failure's exit code
 * is returned.
 */
import { spawn } from 'node:child_process';

const checks = [
  ['typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'eslint', ['.']],
  ['format', 'prettier', ['--check', '.', '--log-level', 'warn']],
  // Imports run down the floors and close no circle (.dependency-cruiser.mjs).
  ['floors', 'depcruise', ['src', '--config', '.dependency-cruiser.mjs']],
];

const results = await Promise.all(
  checks.map(
    ([name, command, args]) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n` }));
        child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
      }),
  ),
);
let failed = 0;
for (const { name, code, output } of results) {
  if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (code !== 0) {
    process.stderr.write(`${name} failed (exit ${code})\n`);
    failed ||= code;
  }
}
process.exit(failed);
