import { BlockStack, Card, Text } from '@shopify/polaris';
import type { TQuizKpis } from '@quizlead/shared/schemas/reports.ts';
import { count, percent } from './format.ts';
import { reportTexts } from './texts.ts';
import { counted } from '@quizlead/shared/plural.ts';

interface Kpi {
  label: string;
  value: string;
  /** A line under the figure that says what it counts. */
  help: string;
}

function kpisOf(kpis: TQuizKpis): Kpi[] {
  const list: Kpi[] = [
    { label: reportTexts.views, value: count(kpis.views), help: 'Times the quiz was opened' },
    { label: reportTexts.starts, value: count(kpis.starts), help: 'Plays started' },
    { label: reportTexts.completions, value: count(kpis.completions), help: 'Plays that reached a result' },
    {
      label: reportTexts.completionRate,
      value: percent(kpis.completionRate),
      help: `${count(kpis.completions)} of ${counted(kpis.starts, 'start', 'starts', count)}`,
    },
    { label: reportTexts.leads, value: count(kpis.leads), help: 'Emails collected' },
  ];
  if (kpis.averageScore !== null) {
    list.push({ label: reportTexts.averageScore, value: percent(kpis.averageScore), help: 'Across completed plays' });
  }
  return list;
}

/** Views, starts, completions, completion rate, leads and (for scored types) the average score. */
export function KpiCards({ kpis }: { kpis: TQuizKpis }) {
  return (
    <ul className="ql-report-kpis" aria-label={reportTexts.keyFigures}>
      {kpisOf(kpis).map((kpi) => (
        <li key={kpi.label} className="ql-report-kpi" data-kpi={kpi.label}>
          <Card>
            <KpiFigure kpi={kpi} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** One key figure: its label, the value and a line of help. */
export function KpiFigure({
  kpi,
  size = 'heading2xl',
}: {
  kpi: { label: string; value: string; help: string };
  size?: 'heading2xl' | 'headingXl';
}) {
  return (
    <BlockStack gap="100">
      <Text as="p" variant="bodyMd" tone="subdued">
        {kpi.label}
      </Text>
      <Text as="p" variant={size} numeric>
        {kpi.value}
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {kpi.help}
      </Text>
    </BlockStack>
  );
}
