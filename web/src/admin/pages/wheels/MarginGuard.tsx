import { BlockStack, Box, Text, TextField } from '@shopify/polaris';
import {
  expectedCostPer100Spins,
  prizeCost,
  prizeLimits,
  sliceChances,
  type TPrizeValueType,
} from '@quizlead/shared/schemas/prizes.ts';
import { useState } from 'react';
import { prizeTexts } from './texts.ts';

export interface GuardedSlice {
  text: string;
  weight: number;
  /** A unique-code prize whose value reads as a number; null for other slices. */
  prize: { valueType: TPrizeValueType; value: number } | null;
}

const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const percent = (share: number) => `${(share * 100).toFixed(share > 0 && share < 0.001 ? 2 : 1)}%`;

/**
 * The margin guard: what the unique-code slices are expected to cost per 100 spins if every code given
 * is used, recomputed as the weights and values change. Percentage prizes cost a share of an order, so
 * they need the average order value, which the merchant types here (kept in the form only).
 */
export function MarginGuard({ slices }: { slices: readonly GuardedSlice[] }) {
  const [average, setAverage] = useState('');
  const prized = slices.filter((slice) => slice.prize);
  if (prized.length === 0) return null;
  const typed = Number(average);
  const averageOrderValue = average.trim() !== '' && Number.isFinite(typed) && typed > 0 ? typed : null;
  const needsAverage = prized.some((slice) => slice.prize!.valueType === 'percentage');
  const cost = expectedCostPer100Spins(slices, averageOrderValue);
  const chances = sliceChances(slices.map((slice) => slice.weight));
  return (
    <Box background="bg-surface-secondary" padding="400" borderRadius="200">
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            {prizeTexts.marginTitle}
          </Text>
          <p className="ql-margin-figure" data-testid="margin-cost" aria-live="polite">
            {cost === null ? '–' : money.format(cost)}
          </p>
          <Text as="p" tone="subdued" variant="bodySm">
            {cost === null ? prizeTexts.needsAverage : prizeTexts.marginHelp}
          </Text>
        </BlockStack>
        {needsAverage ? (
          <div className="ql-margin-average">
            <TextField
              label={prizeTexts.averageOrderValue}
              type="number"
              min={0}
              max={prizeLimits.averageOrderValueMax}
              step={0.01}
              value={average}
              onChange={setAverage}
              helpText={prizeTexts.averageOrderValueHelp}
              autoComplete="off"
            />
          </div>
        ) : null}
        <ul className="ql-margin-slices">
          {slices.map((slice, index) => {
            if (!slice.prize) return null;
            const each = prizeCost(slice.prize, averageOrderValue);
            return (
              <li key={index}>
                <Text as="span" variant="bodySm">
                  {prizeTexts.sliceCost(
                    slice.text || `#${index + 1}`,
                    percent(chances[index]!),
                    each === null ? null : money.format(each),
                  )}
                </Text>
              </li>
            );
          })}
        </ul>
      </BlockStack>
    </Box>
  );
}
