/**
 * The order test files start in, so that the run's long files overlap the short ones instead of
 * ending the run alone. The multi-instance file spends most of its time waiting on real time
 * (leader elections, rate-limit windows, live changes), so it starts first and waits while the
 * others use the cores; then the other files known to run long; then the projects in order
 * (databases, browser, integration), with the quick unit files filling the gaps at the end.
 * Within each, vitest's own order: the slowest of the last run first, or the largest file when
 * nothing is recorded yet (a fresh clone). A file missing from the list only costs time.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_FILES = [
  'test/scale-out/multi-instance.test.ts',
  'test/site/browser.test.ts',
  'test/api/start-up.test.ts',
  'test/cli/models-backtest.test.ts',
  'src/store/postgres/postgres-store.test.ts',
  'test/api/access.test.ts',
  'src/feeds/sim/realism/realism.test.ts',
  'src/backtest/backtest.test.ts',
];

const PROJECT_ORDER = ['scale-out', 'browser', 'integration', 'unit'];

const rank = (spec: TestSpecification): number => {
  const long = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  if (long >= 0) return long;
  const project = PROJECT_ORDER.indexOf(spec.project.name);
  return LONG_FILES.length + (project < 0 ? PROJECT_ORDER.length : project);
};

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    return sorted.sort((a, b) => rank(a) - rank(b) || (position.get(a) ?? 0) - (position.get(b) ?? 0));
  }
}
