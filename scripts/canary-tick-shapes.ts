/**
 * Canary for src/lib/tick-shapes.ts (ADR 0007), to run after a Node upgrade, not in `npm test`:
 *
 *   npm run canary
 *
 * It reads the inline-cache states of `process.nextTick` with V8's %DebugPrint in child processes:
 * without the module, a full collection between ticks should turn them megamorphic (the problem
 * the module exists for); with it, they should stay monomorphic. If the first no longer happens,
 * this Node does not need the module: remove it. If the second fails, the module no longer works.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

/** The module as plain JavaScript, so the child runs without a loader. */
function compiledModule(dir: string): string {
  const source = readFileSync(new URL('../src/lib/tick-shapes.ts', import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = join(dir, 'tick-shapes.mjs');
  writeFileSync(file, outputText);
  return file;
}

/** The states of the caches `process.nextTick` builds its tick objects with, after a collection. */
function tickCacheStates(keep: boolean): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tick-shapes-'));
  const script = [
    keep ? `await import(${JSON.stringify(compiledModule(dir))});` : '',
    'const tick = () => new Promise((resolve) => process.nextTick(resolve));',
    'for (let i = 0; i < 2000; i++) await tick();',
    'globalThis.gc();',
    'for (let i = 0; i < 2000; i++) await tick();',
    "new Function('%DebugPrint(process.nextTick)')();",
  ].join('\n');
  try {
    const printed = execFileSync(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1] ?? '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const without = tickCacheStates(false);
const withModule = tickCacheStates(true);
const needed = without.includes('MEGAMORPHIC');
const works = withModule.length > 0 && withModule.every((state) => state === 'MONOMORPHIC');
process.stdout.write(
  `node ${process.version}: without the module ${without.join(', ') || 'no caches found'}; ` +
    `with it ${withModule.join(', ') || 'no caches found'}\n`,
);
if (!needed)
  process.stdout.write('The module is not needed on this Node: consider removing it (ADR 0007).\n');
if (!works) {
  process.stdout.write('FAIL: with the module loaded, the tick caches do not stay monomorphic.\n');
  process.exitCode = 1;
} else {
  process.stdout.write('ok: the module keeps the tick caches monomorphic.\n');
}
