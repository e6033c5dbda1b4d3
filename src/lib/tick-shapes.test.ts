import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The module as plain JavaScript, so the child runs without tsx: started under tsx from the test
 * runner, the child's V8 debug output arrived cut short (it did not from a shell).
 */
function compiledModule(dir: string): string {
  const source = readFileSync(new URL('./tick-shapes.ts', import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = join(dir, 'tick-shapes.mjs');
  writeFileSync(file, outputText);
  return file;
}

/**
 * The states of the caches `process.nextTick` uses to build its tick objects, after ticks, a full
 * collection with no tick queued, and more ticks; read with V8's %DebugPrint in a process of its own.
 */
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
  let printed: string;
  try {
    printed = execFileSync(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1] ?? '');
}

describe('tick shapes', () => {
  it('without a kept tick, a collection between ticks turns the tick caches megamorphic', () => {
    expect(tickCacheStates(false)).toContain('MEGAMORPHIC');
  });

  it('with the module loaded, they stay monomorphic', () => {
    const states = tickCacheStates(true);
    expect(states).toHaveLength(4);
    expect(states.every((state) => state === 'MONOMORPHIC')).toBe(true);
  });
});
