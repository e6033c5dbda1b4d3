/**
 * The floors check (.dependency-cruiser.mjs, run by `npm test`) on trees small enough to read: it
 * must pass a tree whose imports all run down the floors and fail each kind of knot it exists for.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.mjs');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const trees: string[] = [];

afterAll(async () => {
  await Promise.all(trees.map((tree) => rm(tree, { recursive: true, force: true })));
});

/** Writes `files` (path under the tree → source) to a fresh directory. */
async function tree(files: Readonly<Record<string, string>>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'queuecast-floors-'));
  trees.push(root);
  for (const [path, source] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), source);
  }
  return root;
}

/** Runs the check as `npm test` does, in `root`: its exit code and what it printed. */
async function check(root: string): Promise<{ readonly code: number; readonly output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [CLI, 'src', '--config', CONFIG, '--output-type', 'err'],
      { cwd: root },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Imports that all run down: a room to its own files and lower floors; tests import anything. */
const CLEAN = {
  'src/lib/time.ts': 'export const day = 86_400_000;\n',
  'src/feeds/feed.ts': "import { day } from '../lib/time.js';\nexport const poll = day / 1440;\n",
  'src/live/state.ts': "import type { poll } from '../feeds/feed.js';\nexport type Poll = typeof poll;\n",
  'src/http/errors.ts': "import type { Poll } from '../live/state.js';\nexport type Code = Poll;\n",
  'src/api/route.ts': "import type { Code } from '../http/errors.js';\nexport type Route = Code;\n",
  'src/stream/hub.ts': "import type { Code } from '../http/errors.js';\nexport type Hub = Code;\n",
  'src/app/index.ts':
    "import type { Route } from '../api/route.js';\nimport type { Hub } from '../stream/hub.js';\nexport type App = Route | Hub;\n",
  'src/lib/time.test.ts': "import type { App } from '../app/index.js';\nexport type Seen = App;\n",
};

describe('the floors check', () => {
  it('passes a tree whose imports all run down the floors', async () => {
    const { code, output } = await check(await tree(CLEAN));
    expect(output).toContain('no dependency violations');
    expect(code).toBe(0);
  });

  it('fails an upward import, an import between peers, a circle and a room on no floor', async () => {
    const { code, output } = await check(
      await tree({
        ...CLEAN,
        // Up: the lowest floor reaching for a feed.
        'src/lib/clock.ts':
          "import type { poll } from '../feeds/feed.js';\nexport type Tick = typeof poll;\n",
        // Across: the streams taking from the API, a peer on their own floor.
        'src/stream/gate.ts': "import type { Route } from '../api/route.js';\nexport type Gate = Route;\n",
        // Around: two files of one room that import each other.
        'src/live/a.ts': "import type { B } from './b.js';\nexport type A = B | 1;\n",
        'src/live/b.ts': "import type { A } from './a.js';\nexport type B = A | 2;\n",
        'src/attic/old.ts': "import { day } from '../lib/time.js';\nexport const old = day;\n",
      }),
    );
    expect(code).not.toBe(0);
    expect(output).toMatch(/floor-lib: src\/lib\/clock\.ts → src\/feeds\/feed\.ts/);
    expect(output).toMatch(/floor-stream: src\/stream\/gate\.ts → src\/api\/route\.ts/);
    expect(output).toMatch(/no-circular: src\/live\/(a|b)\.ts/);
    expect(output).toMatch(/room-on-a-floor: src\/attic\/old\.ts/);
    // The clean tree's own imports stay allowed beside them.
    expect(output).not.toMatch(/src\/(app|api|http|feeds)\/[a-z]+\.ts →/);
  });
});
