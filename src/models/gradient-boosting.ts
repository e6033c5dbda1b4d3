/**
 * Gradient-boosted regression trees for squared error, histogram-based: each feature is cut into at
 * most `bins` quantile bins once, and every tree grows level by level to `depth`, each node split
 * where the bins' gradient sums give the largest gain. Missing values (NaN) share a bin of their
 * own below every other, so a split can send them either way. Small on purpose: the wait models
 * fit a park's history of tens of thousands of rows with a few dozen features, where this is fast
 * and exact enough; nothing here knows about waits.
 *
 * @example
 * const model = fitBoostedTrees({ rows: 3, features: 1, values: new Float64Array([0, 1, 2]), targets: new Float64Array([0, 1, 4]) });
 * model.predict([1.5]); // about 2.5
 *
 * Pure: no clock, no I/O, no randomness.
 */
import { runSteps, type Steps } from '../lib/steps.js';

export interface BoostingOptions {
  /** Trees grown one after another on the previous ones' residuals. */
  readonly rounds: number;
  /** Share of each tree's leaf values added (shrinkage). */
  readonly learningRate: number;
  /** Levels of every tree (a tree has up to 2^depth leaves). */
  readonly depth: number;
  /** Least total weight on each side of a split. */
  readonly minLeafWeight: number;
  /** L2 penalty on leaf values. */
  readonly lambda: number;
  /** Bins per feature, the missing-value bin included (at most 256). */
  readonly bins: number;
}

export const DEFAULT_BOOSTING_OPTIONS: BoostingOptions = {
  rounds: 200,
  learningRate: 0.05,
  depth: 5,
  minLeafWeight: 30,
  lambda: 1,
  bins: 32,
};

/** Training data: `rows` × `features` values, row after row. */
export interface TrainingSet {
  readonly rows: number;
  readonly features: number;
  readonly values: Float64Array;
  readonly targets: Float64Array;
  /** Row weights (1 each when absent). */
  readonly weights?: Float64Array;
}

export interface BoostedTrees {
  readonly features: number;
  /** The prediction for one row of `features` values (NaN for missing ones). */
  predict(row: ArrayLike<number>): number;
}

/** Upper edges of each feature's bins: values ≤ edge[k] (and above edge[k-1]) fall in bin k+1. */
function* binEdges(set: TrainingSet, bins: number): Steps<Float64Array[]> {
  const edges: Float64Array[] = [];
  const column = new Float64Array(set.rows);
  for (let feature = 0; feature < set.features; feature++) {
    let count = 0;
    for (let row = 0; row < set.rows; row++) {
      const value = set.values[row * set.features + feature] ?? Number.NaN;
      if (!Number.isNaN(value)) column[count++] = value;
    }
    const sorted = column.subarray(0, count).sort();
    const distinct: number[] = [];
    for (let i = 0; i < count; i++) {
      const value = sorted[i] ?? 0;
      if (distinct.length === 0 || value !== distinct[distinct.length - 1]) distinct.push(value);
    }
    const cuts: number[] = [];
    // Bin 0 holds missing values; the rest split the observed ones.
    const room = bins - 1;
    if (distinct.length <= room) {
      for (let i = 0; i + 1 < distinct.length; i++)
        cuts.push(((distinct[i] ?? 0) + (distinct[i + 1] ?? 0)) / 2);
    } else {
      for (let k = 1; k < room; k++) {
        const cut = sorted[Math.floor((k * count) / room)] ?? 0;
        if (cuts.length === 0 || cut > (cuts[cuts.length - 1] ?? Number.NEGATIVE_INFINITY)) cuts.push(cut);
      }
    }
    edges.push(Float64Array.from(cuts));
    yield;
  }
  return edges;
}

/** The bin of a value: 0 when missing, else 1 + the number of edges below it. */
function binOf(edges: Float64Array, value: number): number {
  if (Number.isNaN(value)) return 0;
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((edges[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}

/** One tree: for each level, each node's split feature and bin (-1: no split, all go left). */
interface Tree {
  readonly splitFeature: Int16Array[];
  readonly splitBin: Uint8Array[];
  readonly leaves: Float64Array;
}

export function fitBoostedTrees(
  set: TrainingSet,
  options: BoostingOptions = DEFAULT_BOOSTING_OPTIONS,
): BoostedTrees {
  return runSteps(boostedTreesSteps(set, options));
}

/** `fitBoostedTrees` in steps: it yields after the binning and after each tree. */
export function* boostedTreesSteps(
  set: TrainingSet,
  options: BoostingOptions = DEFAULT_BOOSTING_OPTIONS,
): Steps<BoostedTrees> {
  const { rows, features } = set;
  const bins = Math.min(256, Math.max(2, options.bins));
  const edges = yield* binEdges(set, bins);
  // Row-major bins: the histogram loop reads one row's bins together with its gradient.
  const binned = new Uint8Array(rows * features);
  for (let feature = 0; feature < features; feature++) {
    const featureEdges = edges[feature] ?? new Float64Array();
    for (let row = 0; row < rows; row++)
      binned[row * features + feature] = binOf(
        featureEdges,
        set.values[row * features + feature] ?? Number.NaN,
      );
    yield;
  }
  const weights = set.weights ?? new Float64Array(rows).fill(1);
  let weightSum = 0;
  let targetSum = 0;
  for (let row = 0; row < rows; row++) {
    weightSum += weights[row] ?? 0;
    targetSum += (weights[row] ?? 0) * (set.targets[row] ?? 0);
  }
  const base = weightSum > 0 ? targetSum / weightSum : 0;
  const prediction = new Float64Array(rows).fill(base);
  const gradient = new Float64Array(rows);
  const node = new Int32Array(rows);
  const maxNodes = 1 << options.depth;
  // Histograms of this level's nodes and of their parents: a node's sibling is its parent less
  // itself, so only the smaller of two siblings is summed row by row.
  let histogramGradient = new Float64Array((maxNodes / 2) * features * bins);
  let histogramWeight = new Float64Array((maxNodes / 2) * features * bins);
  let parentGradient = new Float64Array((maxNodes / 2) * features * bins);
  let parentWeight = new Float64Array((maxNodes / 2) * features * bins);
  const nodeWeight = new Float64Array(maxNodes);
  const summed = new Uint8Array(maxNodes);
  const trees: Tree[] = [];
  yield;

  for (let round = 0; round < options.rounds; round++) {
    for (let row = 0; row < rows; row++)
      gradient[row] = (weights[row] ?? 0) * ((set.targets[row] ?? 0) - (prediction[row] ?? 0));
    node.fill(0);
    const splitFeature: Int16Array[] = [];
    const splitBin: Uint8Array[] = [];
    let nodes = 1;
    for (let level = 0; level < options.depth; level++) {
      const width = features * bins;
      const size = nodes * width;
      // Which nodes are summed from their rows: the root, then the lighter of each pair of siblings.
      if (level === 0) summed[0] = 1;
      else
        for (let n = 0; n < nodes; n += 2) {
          const leftLighter = (nodeWeight[n] ?? 0) <= (nodeWeight[n + 1] ?? 0);
          summed[n] = leftLighter ? 1 : 0;
          summed[n + 1] = leftLighter ? 0 : 1;
        }
      histogramGradient.fill(0, 0, size);
      histogramWeight.fill(0, 0, size);
      for (let row = 0; row < rows; row++) {
        const rowNode = node[row] ?? 0;
        if (summed[rowNode] === 0) continue;
        const rowGradient = gradient[row] ?? 0;
        const rowWeight = weights[row] ?? 0;
        const nodeBase = rowNode * width;
        const binBase = row * features;
        for (let feature = 0; feature < features; feature++) {
          const slot = nodeBase + feature * bins + (binned[binBase + feature] ?? 0);
          histogramGradient[slot] = (histogramGradient[slot] ?? 0) + rowGradient;
          histogramWeight[slot] = (histogramWeight[slot] ?? 0) + rowWeight;
        }
      }
      if (level > 0)
        for (let n = 0; n < nodes; n++) {
          if (summed[n] === 1) continue;
          const sibling = n ^ 1;
          const parentBase = (n >> 1) * width;
          for (let k = 0; k < width; k++) {
            histogramGradient[n * width + k] =
              (parentGradient[parentBase + k] ?? 0) - (histogramGradient[sibling * width + k] ?? 0);
            histogramWeight[n * width + k] =
              (parentWeight[parentBase + k] ?? 0) - (histogramWeight[sibling * width + k] ?? 0);
          }
        }
      const levelFeature = new Int16Array(nodes).fill(-1);
      const levelBin = new Uint8Array(nodes);
      for (let n = 0; n < nodes; n++) {
        let bestGain = 1e-12;
        for (let feature = 0; feature < features; feature++) {
          const offset = (n * features + feature) * bins;
          let totalGradient = 0;
          let totalWeight = 0;
          for (let bin = 0; bin < bins; bin++) {
            totalGradient += histogramGradient[offset + bin] ?? 0;
            totalWeight += histogramWeight[offset + bin] ?? 0;
          }
          const parent = (totalGradient * totalGradient) / (totalWeight + options.lambda);
          let leftGradient = 0;
          let leftWeight = 0;
          for (let bin = 0; bin < bins - 1; bin++) {
            leftGradient += histogramGradient[offset + bin] ?? 0;
            leftWeight += histogramWeight[offset + bin] ?? 0;
            const rightWeight = totalWeight - leftWeight;
            if (leftWeight < options.minLeafWeight || rightWeight < options.minLeafWeight) continue;
            const rightGradient = totalGradient - leftGradient;
            const gain =
              (leftGradient * leftGradient) / (leftWeight + options.lambda) +
              (rightGradient * rightGradient) / (rightWeight + options.lambda) -
              parent;
            if (gain > bestGain) {
              bestGain = gain;
              levelFeature[n] = feature;
              levelBin[n] = bin;
            }
          }
        }
      }
      for (let row = 0; row < rows; row++) {
        const current = node[row] ?? 0;
        const feature = levelFeature[current] ?? -1;
        const right =
          feature >= 0 && (binned[row * features + feature] ?? 0) > (levelBin[current] ?? 0) ? 1 : 0;
        node[row] = current * 2 + right;
      }
      splitFeature.push(levelFeature);
      splitBin.push(levelBin);
      nodes *= 2;
      nodeWeight.fill(0, 0, nodes);
      for (let row = 0; row < rows; row++) {
        const child = node[row] ?? 0;
        nodeWeight[child] = (nodeWeight[child] ?? 0) + (weights[row] ?? 0);
      }
      [parentGradient, histogramGradient] = [histogramGradient, parentGradient];
      [parentWeight, histogramWeight] = [histogramWeight, parentWeight];
    }
    const leafGradient = new Float64Array(nodes);
    const leafWeight = new Float64Array(nodes);
    for (let row = 0; row < rows; row++) {
      const leaf = node[row] ?? 0;
      leafGradient[leaf] = (leafGradient[leaf] ?? 0) + (gradient[row] ?? 0);
      leafWeight[leaf] = (leafWeight[leaf] ?? 0) + (weights[row] ?? 0);
    }
    const leaves = new Float64Array(nodes);
    for (let leaf = 0; leaf < nodes; leaf++)
      leaves[leaf] =
        (options.learningRate * (leafGradient[leaf] ?? 0)) / ((leafWeight[leaf] ?? 0) + options.lambda);
    for (let row = 0; row < rows; row++)
      prediction[row] = (prediction[row] ?? 0) + (leaves[node[row] ?? 0] ?? 0);
    trees.push({ splitFeature, splitBin, leaves });
    yield;
  }

  const rowBins = new Uint8Array(features);
  return {
    features,
    predict(row) {
      for (let feature = 0; feature < features; feature++)
        rowBins[feature] = binOf(edges[feature] ?? new Float64Array(), row[feature] ?? Number.NaN);
      let value = base;
      for (const tree of trees) {
        let at = 0;
        for (let level = 0; level < tree.splitFeature.length; level++) {
          const feature = tree.splitFeature[level]?.[at] ?? -1;
          const right = feature >= 0 && (rowBins[feature] ?? 0) > (tree.splitBin[level]?.[at] ?? 0) ? 1 : 0;
          at = at * 2 + right;
        }
        value += tree.leaves[at] ?? 0;
      }
      return value;
    },
  };
}
