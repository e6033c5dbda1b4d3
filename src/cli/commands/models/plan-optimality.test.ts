import { describe, expect, it } from 'vitest';
import { formatOptimality, measureOptimality } from './plan-optimality.js';

describe('models plan-optimality', () => {
  it('finds every small request proven best and no worse than a search', async () => {
    const [group] = await measureOptimality('4-10', {
      requests: 20,
      minRides: 4,
      maxRides: 10,
      longSeconds: 0,
      seed: 1,
    });
    if (!group) throw new Error("the endpoint's group");
    expect(group.requests).toBe(20);
    expect(group.proven).toBe(20);
    expect(group.within).toBe(20);
    expect(group.worstGap).toBe(0);
  });

  it("plans the simulator's park days too", async () => {
    const [group] = await measureOptimality('4-10', {
      requests: 6,
      minRides: 4,
      maxRides: 10,
      longSeconds: 0,
      seed: 1,
      problems: 'parks',
    });
    if (!group) throw new Error("the endpoint's group");
    expect(group.proven).toBe(6);
    expect(group.within).toBe(6);
    expect(formatOptimality([group], 0, 'parks')).toContain("the simulator's park days");
  });

  it('compares large requests with a longer search and prints the table', async () => {
    const [group, larger] = await measureOptimality('15-25', {
      requests: 3,
      minRides: 15,
      maxRides: 25,
      longSeconds: 0,
      seed: 1,
      restartCandidates: 100_000,
      candidates: [200_000],
    });
    if (!group || !larger) throw new Error('a group per budget');
    expect(group.candidates).toBeNull();
    expect(larger.candidates).toBe(200_000);
    expect(larger.requests).toBe(3);
    expect(larger.worstGap).toBeLessThan(0.05);
    expect(group.proven).toBe(0);
    expect(Number.isFinite(group.worstGap)).toBe(true);
    expect(group.worstGap).toBeLessThan(0.05);
    expect(group.p99Ms).toBeGreaterThan(0);
    expect(group.longestStallMs).toBeGreaterThan(0);
    const text = formatOptimality([group, larger], 0);
    expect(text).toMatch(/15-25\s+served\s+3\s+0\s+\d/);
    expect(text).toMatch(/15-25\s+200,000\s+3\s+0\s+\d/);
  });
});
