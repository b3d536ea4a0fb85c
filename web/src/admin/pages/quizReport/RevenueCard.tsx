import { BlockStack, Box, Card, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import { FiguresTable } from '../../components/FiguresTable.tsx';
import type { TRevenueFigures } from '@quizlead/shared/schemas/reports.ts';
import { count, percent } from './format.ts';
import { KpiFigure } from './KpiCards.tsx';
import { money, otherCurrencyNote, revenueKpis } from './revenue.ts';
import { blank, revenueTexts } from './texts.ts';

/** One row of the breakdown: an outcome of a quiz or a slice of a wheel. */
export interface RevenueRow {
  key: string;
  label: string;
  orders: number;
  revenue: number;
  averageOrderValue: number;
  /** Wheels only: the slice's spins and the orders they brought per spin. */
  spins?: number;
  conversion?: number;
}

interface Props {
  revenue: TRevenueFigures & { conversion: number };
  /** What conversion is counted against: the quiz's completions or the wheel's spins. */
  base: { count: number; one: string; many: string };
  help: string;
  /** Under 'No orders yet'. */
  emptyHelp: string;
  breakdown: { title: string; column: string; rows: RevenueRow[] };
}

/**
 * Orders, revenue, average order value and conversion of a quiz or a wheel, then the same per
 * outcome or slice; 'No orders yet' until the first order is credited. Money is written in the
 * shop's currency.
 */
export function RevenueCard({ revenue, base, help, emptyHelp, breakdown }: Props) {
  const { smDown } = useBreakpoints();
  const note = otherCurrencyNote(revenue.otherCurrencyOrders);
  const withSpins = breakdown.rows.some((row) => row.spins !== undefined);
  const headings = [
    breakdown.column,
    ...(withSpins ? [revenueTexts.spins] : []),
    revenueTexts.orders,
    revenueTexts.revenue,
    revenueTexts.averageOrderValue,
    ...(withSpins ? [revenueTexts.conversion] : []),
  ];
  // Nothing to divide by is a dash, not a 0 that reads as a figure.
  const cells = breakdown.rows.map((row) => [
    row.label,
    ...(withSpins ? [count(row.spins ?? 0)] : []),
    count(row.orders),
    money(revenue, row.revenue),
    row.orders > 0 ? money(revenue, row.averageOrderValue) : blank,
    ...(withSpins ? [row.spins ? percent(row.conversion ?? 0) : blank] : []),
  ]);
  return (
    <Card>
      <section aria-labelledby="revenue-title" data-revenue>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd" id="revenue-title">
              {revenueTexts.title}
            </Text>
            <Text as="p" tone="subdued">
              {help}
            </Text>
          </BlockStack>
          {revenue.orders === 0 ? (
            <Box paddingBlock="400">
              <BlockStack gap="100" inlineAlign="center">
                <Text as="p" variant="headingSm" alignment="center">
                  {revenueTexts.noOrders}
                </Text>
                <Text as="p" tone="subdued" alignment="center">
                  {emptyHelp}
                </Text>
              </BlockStack>
            </Box>
          ) : (
            <>
              <ul className="ql-report-kpis ql-revenue-kpis" aria-label={revenueTexts.keyFigures}>
                {revenueKpis(revenue, base).map((kpi) => (
                  <li key={kpi.label} className="ql-report-kpi" data-kpi={kpi.label}>
                    <Box background="bg-surface-secondary" borderRadius="200" padding="300" minHeight="100%">
                      <KpiFigure kpi={kpi} size="headingXl" />
                    </Box>
                  </li>
                ))}
              </ul>
              {note ? (
                <Text as="p" variant="bodySm" tone="subdued">
                  {note}
                </Text>
              ) : null}
              <BlockStack gap="200">
                <Text as="h3" variant="headingSm">
                  {breakdown.title}
                </Text>
                <FiguresTable headings={headings} rows={cells} keys={breakdown.rows.map((row) => row.key)} narrow={smDown} />
              </BlockStack>
            </>
          )}
        </BlockStack>
      </section>
    </Card>
  );
}
