import type { WheelRow } from '../policies/wheel.ts';

/**
 * The unique-code prize a spin won, or null: its slice gives unique Shopify codes and still reads as
 * the spin's result (a slice renamed since names another prize, so that spin is owed nothing). Only a
 * spin with an email is given a code. The spin command hands a code to such a spin when one is ready;
 * the owner's spins list marks one that has none yet as waiting.
 */
export function uniquePrizeOf(
  wheel: Pick<WheelRow, 'options'>,
  spin: { optionIndex: number; result: string; email: string | null },
): NonNullable<WheelRow['options'][number]['prize']> | null {
  const option = wheel.options[spin.optionIndex];
  if (spin.email === null || !option?.prize || option.text !== spin.result) return null;
  return option.prize;
}

/** A winner of a unique-code slice still waiting for the code (the pool was empty when they spun). */
export const awaitsPrizeCode = (
  wheel: Pick<WheelRow, 'options'>,
  spin: { optionIndex: number; result: string; email: string | null; prizeCode: string | null },
): boolean => spin.prizeCode === null && uniquePrizeOf(wheel, spin) !== null;

/**
 * What a spin's prize is worth as money, for the owner's ad pixels (issue 35): a fixed amount off, in
 * the shop's currency when it is known; a percentage off or a static code has no amount, so none.
 */
export function prizeWorth(
  wheel: Pick<WheelRow, 'options'>,
  spin: { optionIndex: number; result: string; email: string | null },
  currency: string | undefined,
): { amount: number; currency: string } | null {
  const prize = uniquePrizeOf(wheel, spin);
  return prize?.valueType === 'fixed_amount' && currency ? { amount: prize.value, currency } : null;
}
