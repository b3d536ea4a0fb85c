import { BlockStack, Box, Card, InlineGrid, Text, UnstyledLink } from '@shopify/polaris';
import { dashboardSections, type DashboardStatKey } from '@quizlead/shared/reports.ts';
import type { TDashboard } from '@quizlead/shared/schemas/reports.ts';
import styles from './dashboard.module.css';
import { tourAnchors } from './dashboardTour.ts';
import { adminUrl, type AdminScreen } from '../../urls.ts';

/** Where each section's cards lead. */
const sectionLinks: Record<keyof typeof dashboardSections, AdminScreen> = {
  Quiz: 'Quizzes',
  'Web Response': 'FeedbackLists',
};

/** Counts of things the account has; the others are within the chosen range. */
const allTime = new Set<DashboardStatKey>([
  'Quiz Count',
  'Published Quiz Count',
  'Draft Quiz Count',
  'Total Questions',
  'Web Response Count',
]);

const number = new Intl.NumberFormat('en-US');

interface Props {
  stats: TDashboard['stats'];
  /** The range as text, under the figures that depend on it. */
  rangeLabel: string;
}

/** The 'Quiz' and 'Web Response' sections of statistic cards, each card a link to its list. */
export function StatCards({ stats, rangeLabel }: Props) {
  const values = new Map(stats.map((stat) => [stat.key, stat.value]));
  return (
    <BlockStack gap="500">
      {(Object.keys(dashboardSections) as (keyof typeof dashboardSections)[]).map((section) => (
        <section key={section} aria-labelledby={`dashboard-section-${section}`} className={styles.section}>
          <BlockStack gap="300">
            <Box paddingInline={{ xs: '400', sm: '0' }}>
              <Text as="h2" variant="headingMd" id={`dashboard-section-${section}`}>
                {section}
              </Text>
            </Box>
            <div data-tour={section === 'Quiz' ? tourAnchors.stats : undefined}>
              <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
                {dashboardSections[section].map((key) => (
                  <UnstyledLink key={key} url={adminUrl(sectionLinks[section])} className={styles.statLink} data-stat={key}>
                    <Card>
                      <BlockStack gap="100">
                        <Text as="h3" variant="bodyMd" tone="subdued">
                          {key}
                        </Text>
                        <Text as="p" variant="heading2xl" numeric>
                          {number.format(values.get(key) ?? 0)}
                        </Text>
                        <Text as="p" variant="bodySm" tone="subdued">
                          {allTime.has(key) ? 'All time' : rangeLabel}
                        </Text>
                      </BlockStack>
                    </Card>
                  </UnstyledLink>
                ))}
              </InlineGrid>
            </div>
          </BlockStack>
        </section>
      ))}
    </BlockStack>
  );
}
