import { BlockStack, Card, InlineGrid, Text } from '@shopify/polaris';
import { dashboardMessages } from '@quizlead/shared/reports.ts';
import type { TDashboard } from '@quizlead/shared/schemas/reports.ts';
import styles from './dashboard.module.css';
import { stepRate } from './range.ts';

const number = new Intl.NumberFormat('en-US');

interface Props {
  dashboard: TDashboard;
  rangeLabel: string;
}

/**
 * 'Leads Generated' and the three-step funnel of the stats at positions 3, 4 and 5 (Views → Total
 * Played → Completed), each step with the share of the step before it (none while that step is 0).
 */
export function LeadsFunnel({ dashboard, rangeLabel }: Props) {
  const steps = dashboard.stats.slice(3, 6);
  const widest = Math.max(1, ...steps.map((step) => step.value));
  return (
    <InlineGrid columns={{ xs: 1, md: ['oneThird', 'twoThirds'] }} gap="400">
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {dashboardMessages.leadsGenerated}
          </Text>
          <Text as="p" variant="heading3xl" numeric>
            <span data-testid="leads-generated">{number.format(dashboard.leads)}</span>
          </Text>
          <Text as="p" tone="subdued">
            {`Emails collected, ${rangeLabel}`}
          </Text>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Funnel
          </Text>
          <ol className={styles.funnel} aria-label="Funnel from views to completions">
            {steps.map((step, index) => {
              const before = index > 0 ? steps[index - 1] : undefined;
              return (
                <li key={step.key} className={styles.funnelStep} data-funnel-step={step.key}>
                  <div className={styles.funnelLabel}>
                    <Text as="span" fontWeight="semibold">
                      {step.key}
                    </Text>
                    <Text as="span" numeric>
                      {number.format(step.value)}
                    </Text>
                  </div>
                  <div className={styles.funnelTrack} aria-hidden="true">
                    <div
                      className={styles.funnelBar}
                      style={{ width: step.value > 0 ? `max(4px, ${(step.value / widest) * 100}%)` : 0 }}
                    />
                  </div>
                  {before && before.value > 0 ? (
                    <Text as="span" variant="bodySm" tone="subdued">
                      {`${stepRate(step.value, before.value)} of ${before.key}`}
                    </Text>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </BlockStack>
      </Card>
    </InlineGrid>
  );
}
