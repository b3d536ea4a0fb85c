import { BlockStack, Card, Text } from '@shopify/polaris';
import { formatDay } from '@quizlead/shared/billing.ts';
import type { TCurrentPlan } from '@quizlead/shared/schemas/billing.ts';
import { planTexts } from './texts.ts';

/** "You are on Pro, paid until 24 Dec 2026." or "You are on the Free plan." */
export function CurrentPlanSummary({ current }: { current: TCurrentPlan }) {
  const summary =
    current.mode === 'paid' && current.endsAt
      ? planTexts.onPaidPlan(current.planName, formatDay(current.endsAt))
      : planTexts.onFreePlan(current.planName);
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {planTexts.yourPlan}
        </Text>
        <Text as="p">{summary}</Text>
        {current.renewedUntil ? (
          <Text as="p" tone="subdued">
            {planTexts.renewedUntil(formatDay(current.renewedUntil))}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
