/**
 * Whole-number shares of a total that add up to exactly 100: the largest-remainder method. Each count gets its
 * exact share rounded down; the points still missing go one each to the largest remainders (ties: the larger
 * count first, then list order), so every share is its exact share rounded down or up and a larger count never
 * shows a smaller share. All 0 when every count is 0. Poll tallies (spec 9: "rounded to whole numbers") and the
 * multiple-personality result both come from here: rounding each share on its own can show 101 or 99.
 */
export function wholePercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  // Integer arithmetic: share = floor(count × 100 / total), remainder = count × 100 mod total.
  const shares = counts.map((count) => Math.floor((count * 100) / total));
  const missing = 100 - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = counts
    .map((count, index) => ({ index, count, remainder: (count * 100) % total }))
    .sort((a, b) => b.remainder - a.remainder || b.count - a.count || a.index - b.index);
  for (const { index } of byRemainder.slice(0, missing)) shares[index]! += 1;
  return shares;
}
