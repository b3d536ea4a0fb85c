/**
 * The arithmetic of A/B tests, the same in the browser and on the server: which variant a visitor
 * sees, and how sure a difference between two rates is.
 */

/**
 * FNV-1a over the UTF-16 code units, then MurmurHash3's finaliser: fast, dependency-free and the same in
 * every JavaScript engine. The finaliser spreads a change in the last characters over every bit (FNV-1a
 * alone moves mostly the low bits, so ids differing only at the end would share a variant).
 */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * The index of the variant `visitor` sees in `experimentId`, each variant taking its share (percent,
 * adding up to 100) of the visitors. The same visitor always gets the same variant of a test, and a
 * new test shuffles visitors afresh (the test's id is part of the hash).
 */
export function assignVariant(experimentId: string, visitor: string, shares: readonly number[]): number {
  const total = shares.reduce((sum, share) => sum + share, 0);
  if (shares.length === 0 || total <= 0) return 0;
  const bucket = (hash32(`${experimentId}:${visitor}`) / 2 ** 32) * total;
  let upTo = 0;
  for (let index = 0; index < shares.length; index++) {
    upTo += shares[index]!;
    if (bucket < upTo) return index;
  }
  return shares.length - 1;
}

/** The standard normal distribution's CDF (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export interface Proportion {
  /** How many tried (visitors). */
  trials: number;
  /** How many of them did it (completed, left an email). */
  successes: number;
}

/**
 * A variant's rate against the original's: the difference (variant minus original, as a fraction) and
 * the confidence that the difference is real, 1 minus the two-sided p-value of the pooled two-proportion
 * z-test. No data, or the same rate, gives confidence 0.
 */
export function compareRates(original: Proportion, variant: Proportion): { difference: number; confidence: number } {
  if (original.trials === 0 || variant.trials === 0) return { difference: 0, confidence: 0 };
  const p1 = original.successes / original.trials;
  const p2 = variant.successes / variant.trials;
  const pooled = (original.successes + variant.successes) / (original.trials + variant.trials);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / original.trials + 1 / variant.trials));
  if (standardError === 0) return { difference: p2 - p1, confidence: 0 };
  const z = (p2 - p1) / standardError;
  const pValue = 2 * (1 - normalCdf(Math.abs(z)));
  return { difference: p2 - p1, confidence: Math.max(0, Math.min(1, 1 - pValue)) };
}

export interface VariantCounts {
  key: string;
  visitors: number;
  completions: number;
  leads: number;
  orders: number;
}

type Metric = 'completions' | 'leads' | 'orders';

/**
 * Each variant against the original (the first) on the three rates, and the variant the figures call
 * best on `metric`: every variant has at least `minVisitors`, and either a challenger beats the original
 * with at least `minConfidence`, or the original beats every challenger so. Otherwise null: keep testing.
 */
export function experimentVerdict(
  variants: readonly VariantCounts[],
  metric: Metric,
  options: { minVisitors: number; minConfidence: number },
) {
  const [original] = variants;
  const rate = (variant: VariantCounts, of: Metric): Proportion => ({ trials: variant.visitors, successes: variant[of] });
  const comparisons = variants.map((variant, index) =>
    index === 0 || !original
      ? null
      : {
          completions: compareRates(rate(original, 'completions'), rate(variant, 'completions')),
          leads: compareRates(rate(original, 'leads'), rate(variant, 'leads')),
          orders: compareRates(rate(original, 'orders'), rate(variant, 'orders')),
        },
  );
  let leader: string | null = null;
  if (original && variants.every((variant) => variant.visitors >= options.minVisitors)) {
    const decided = comparisons.map((comparison) =>
      comparison ? { ...comparison[metric], sure: comparison[metric].confidence >= options.minConfidence } : null,
    );
    const winners = decided
      .map((comparison, index) => ({ comparison, index }))
      .filter(({ comparison }) => comparison?.sure && comparison.difference > 0)
      .sort((a, b) => b.comparison!.difference - a.comparison!.difference);
    if (winners[0]) leader = variants[winners[0].index]!.key;
    else if (decided.every((comparison) => comparison === null || (comparison.sure && comparison.difference < 0)))
      leader = original.key;
  }
  return { comparisons, leader };
}
