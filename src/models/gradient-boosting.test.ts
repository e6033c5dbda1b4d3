import { describe, expect, it } from 'vitest';
import { fitBoostedTrees, type TrainingSet } from './gradient-boosting.js';

/** A deterministic grid of rows over [0, 1)² and its targets. */
function grid(target: (x: number, y: number) => number, side = 40): TrainingSet {
  const values: number[] = [];
  const targets: number[] = [];
  for (let i = 0; i < side; i++)
    for (let j = 0; j < side; j++) {
      const x = i / side;
      const y = j / side;
      values.push(x, y);
      targets.push(target(x, y));
    }
  return {
    rows: targets.length,
    features: 2,
    values: Float64Array.from(values),
    targets: Float64Array.from(targets),
  };
}

describe('fitBoostedTrees', () => {
  it('learns a step and an interaction it is shown', () => {
    const model = fitBoostedTrees(grid((x, y) => (x > 0.5 ? 2 : 0) + (x > 0.5 && y > 0.5 ? 1 : 0)));
    expect(model.predict([0.2, 0.8])).toBeCloseTo(0, 1);
    expect(model.predict([0.8, 0.2])).toBeCloseTo(2, 1);
    expect(model.predict([0.8, 0.8])).toBeCloseTo(3, 1);
  });

  it('predicts the mean when a feature carries nothing, and is the same fit every time', () => {
    const set = grid((x) => 5 + (x > 0.25 ? 1 : 0));
    const first = fitBoostedTrees(set);
    const second = fitBoostedTrees(set);
    for (const y of [0.1, 0.5, 0.9]) {
      expect(first.predict([0.1, y])).toBeCloseTo(5, 1);
      expect(first.predict([0.9, y])).toBeCloseTo(6, 1);
      expect(second.predict([0.9, y])).toBe(first.predict([0.9, y]));
    }
  });

  it('sends missing values their own way', () => {
    // Rows with x missing have target 10; the others 0.
    const values: number[] = [];
    const targets: number[] = [];
    for (let i = 0; i < 400; i++) {
      const missing = i % 4 === 0;
      values.push(missing ? Number.NaN : i / 400);
      targets.push(missing ? 10 : 0);
    }
    const model = fitBoostedTrees({
      rows: 400,
      features: 1,
      values: Float64Array.from(values),
      targets: Float64Array.from(targets),
    });
    expect(model.predict([Number.NaN])).toBeCloseTo(10, 0);
    expect(model.predict([0.5])).toBeCloseTo(0, 0);
  });

  it('weighs rows by their weights', () => {
    const set: TrainingSet = {
      rows: 200,
      features: 1,
      values: new Float64Array(200).fill(1),
      targets: Float64Array.from({ length: 200 }, (_, i) => (i < 100 ? 0 : 4)),
      weights: Float64Array.from({ length: 200 }, (_, i) => (i < 100 ? 3 : 1)),
    };
    expect(fitBoostedTrees(set).predict([1])).toBeCloseTo(1, 1);
  });
});
