import { BlockStack, Box, Card, InlineGrid, Text } from '@shopify/polaris';
import { formatMoney, revenueMessages } from '@quizlead/shared/reports.ts';
import type { TRevenueFigures } from '@quizlead/shared/schemas/reports.ts';
import styles from './dashboard.module.css';
import { counted } from '@quizlead/shared/plural.ts';

const number = new Intl.NumberFormat('en-US');

interface Props {
  revenue: TRevenueFigures;
  rangeLabel: string;
}

/**
 * A shop's orders that quizzes and wheels brought within the range (each order once), their revenue
 * and average order value in the shop's currency; 'No orders yet' until there is one.
 */
export function RevenueCards({ revenue, rangeLabel }: Props) {
  const money = (minor: number) => (revenue.currency ? formatMoney(minor, revenue.currency) : '—');
  const figures = [
    { key: revenueMessages.orders, value: number.format(revenue.orders) },
    { key: revenueMessages.revenue, value: money(revenue.revenue) },
    { key: revenueMessages.averageOrderValue, value: money(revenue.averageOrderValue) },
  ];
  return (
    <section aria-labelledby="dashboard-section-revenue" className={styles.section} data-revenue>
      <BlockStack gap="300">
        <Box paddingInline={{ xs: '400', sm: '0' }}>
          <Text as="h2" variant="headingMd" id="dashboard-section-revenue">
            {revenueMessages.title}
          </Text>
        </Box>
        {revenue.orders === 0 ? (
          <Card>
            <BlockStack gap="100">
              <Text as="p" variant="headingSm">
                {revenueMessages.noOrders}
              </Text>
              <Text as="p" tone="subdued">
                {`${rangeLabel}. ${revenueMessages.noOrdersHelp.dashboard}`}
              </Text>
            </BlockStack>
          </Card>
        ) : (
          <BlockStack gap="200">
            <InlineGrid columns={{ xs: 1, sm: 3 }} gap="300">
              {figures.map((figure) => (
                <Card key={figure.key}>
                  <BlockStack gap="100">
                    <Text as="h3" variant="bodyMd" tone="subdued">
                      {figure.key}
                    </Text>
                    <Text as="p" variant="heading2xl" numeric>
                      <span data-stat={figure.key}>{figure.value}</span>
                    </Text>
                    <Text as="p" variant="bodySm" tone="subdued">
                      {rangeLabel}
                    </Text>
                  </BlockStack>
                </Card>
              ))}
            </InlineGrid>
            {revenue.otherCurrencyOrders > 0 ? (
              <Box paddingInline={{ xs: '400', sm: '0' }}>
                <Text as="p" variant="bodySm" tone="subdued">
                  {`${counted(revenue.otherCurrencyOrders, 'order', 'orders', number.format)} ${revenueMessages.otherCurrency}.`}
                </Text>
              </Box>
            ) : null}
          </BlockStack>
        )}
      </BlockStack>
    </section>
  );
}
