/**
 * Counts in words, plural-correct: "1 code", "0 codes", "2 codes". English by Intl.PluralRules (the form
 * 'one' or 'other'), so every screen, mail and widget that shows a count picks the noun's form the same way
 * instead of comparing with 1 by hand (and forgetting to). Browser and server alike.
 */
const rules = new Intl.PluralRules('en-US');

/** The form of a noun English uses for `count`: `one` for 1, `other` (`one` + "s" unless given) for 0, 2, 1.5 … */
export function pluralNoun(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

/** The count and the noun in its form: `counted(1, 'code')` is "1 code"; `format` writes the number ("1,204"). */
export function counted(count: number, one: string, other = `${one}s`, format: (count: number) => string = String): string {
  return `${format(count)} ${pluralNoun(count, one, other)}`;
}
