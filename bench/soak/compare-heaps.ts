/**
 * `tsx bench/soak/compare-heaps.ts EARLIER.heapsnapshot LATER.heapsnapshot [TOP]`: what grew between
 * two heap snapshots of one process (the soak's `--heap-snapshots` writes them at minute 3 and at
 * the end), by node type and constructor or name: count and self size in each, most growth first.
 * A leak shows as one kind growing with the run; warm-up as growth that a later pair no longer shows.
 */
import { readFileSync } from 'node:fs';

interface HeapSnapshot {
  readonly snapshot: {
    readonly meta: { readonly node_fields: string[]; readonly node_types: [string[], ...unknown[]] };
  };
  readonly nodes: number[];
  readonly strings: string[];
}

interface Tally {
  count: number;
  bytes: number;
}

function tally(file: string): Map<string, Tally> {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const kinds = new Map<string, Tally>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt] ?? 0] ?? '?';
    // Strings and code are told apart by type only: their names are their contents.
    const name =
      type === 'object' || type === 'closure' || type === 'native'
        ? (heap.strings[heap.nodes[i + nameAt] ?? 0] ?? '?').slice(0, 60)
        : '';
    const kind = `${type} ${name}`.trim();
    const entry = kinds.get(kind) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += heap.nodes[i + sizeAt] ?? 0;
    kinds.set(kind, entry);
  }
  return kinds;
}

const [earlierFile, laterFile, topText] = process.argv.slice(2);
if (earlierFile === undefined || laterFile === undefined)
  throw new Error('usage: compare-heaps.ts EARLIER.heapsnapshot LATER.heapsnapshot [TOP]');
const earlier = tally(earlierFile);
const later = tally(laterFile);
const total = (kinds: Map<string, Tally>) => [...kinds.values()].reduce((sum, t) => sum + t.bytes, 0);
const MB = 1024 * 1024;
process.stdout.write(
  `self sizes: ${(total(earlier) / MB).toFixed(1)} MB → ${(total(later) / MB).toFixed(1)} MB\n`,
);
const rows = [...new Set([...earlier.keys(), ...later.keys()])].map((kind) => {
  const before = earlier.get(kind) ?? { count: 0, bytes: 0 };
  const after = later.get(kind) ?? { count: 0, bytes: 0 };
  return { kind, before, after, grew: after.bytes - before.bytes };
});
rows.sort((x, y) => y.grew - x.grew);
for (const row of rows.slice(0, Number(topText ?? 25)))
  process.stdout.write(
    `${(row.grew / 1024).toFixed(0).padStart(8)} KB  ${String(row.before.count).padStart(8)} → ` +
      `${String(row.after.count).padEnd(8)} ${row.kind}\n`,
  );
