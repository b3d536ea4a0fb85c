import { BlockStack, Box, Card, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { formatDay } from '../../pages/dashboard/range.ts';

interface Props {
  title: string;
  /** The id the title gets, for the chart to name itself by. */
  titleId?: string;
  /** Under the title: the total over the range. */
  summary: string;
  /** What the numbers count, as the table's heading: 'Completions'. */
  valueHeading: string;
  /** Every day of the range, oldest first. */
  days: readonly { day: string; value: number }[];
  /** The chart's box (DailyLineChart, or an empty box of its height while it loads). */
  children: ReactNode;
}

/** A card with a count per day: its title and summary, the chart, and the numbers as a table for screen readers. */
export function DailyChartCard({ title, titleId, summary, valueHeading, days, children }: Props) {
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd" id={titleId}>
            {title}
          </Text>
          <Text as="p" tone="subdued">
            {summary}
          </Text>
        </BlockStack>
        {children}
        <Box visuallyHidden>
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">{valueHeading}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((row) => (
                <tr key={row.day}>
                  <td>{formatDay(row.day)}</td>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      </BlockStack>
    </Card>
  );
}
