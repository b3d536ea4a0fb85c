import { Badge, BlockStack, Card, InlineStack, Text } from '@shopify/polaris';
import {
  builtForShopifyThresholds,
  coreWebVitals,
  webVitalLimits,
  webVitalSurfaces,
  type TAdminWebVital,
  type TCoreWebVital,
  type TWebVitalSurface,
} from '@quizlead/shared/schemas/webVitals.ts';
import { loadWebVitals } from '../../api/admin.ts';
import { useResource } from '../../data/useResource.ts';
import { AdminPage } from './components/AdminPage.tsx';
import { AdminTable, type Column } from './components/AdminTable.tsx';
import { ListBody } from './components/ListBody.tsx';
import { webVitalTexts as texts } from './texts.ts';

/** One page in one shell: its figure for each metric measured there. */
interface PageRow {
  page: string;
  figures: Partial<Record<TCoreWebVital, TAdminWebVital>>;
}

const isCore = (item: TAdminWebVital) => (coreWebVitals as readonly string[]).includes(item.metric);

/** The server's rows (page × shell × metric) as one row per page for each shell, pages in the server's order. */
function rowsBySurface(items: readonly TAdminWebVital[]): Record<TWebVitalSurface, PageRow[]> {
  const rows = { embedded: new Map<string, PageRow>(), standalone: new Map<string, PageRow>() };
  for (const item of items) {
    if (!isCore(item)) continue;
    const byPage = rows[item.surface];
    const row = byPage.get(item.page) ?? { page: item.page, figures: {} };
    row.figures[item.metric as TCoreWebVital] = item;
    byPage.set(item.page, row);
  }
  return { embedded: [...rows.embedded.values()], standalone: [...rows.standalone.values()] };
}

/** LCP in seconds, INP in milliseconds (how the thresholds are written), CLS as it is. */
export function formatWebVital(metric: TCoreWebVital, value: number): string {
  if (metric === 'LCP') return `${(value / 1000).toFixed(2)} s`;
  if (metric === 'INP') return `${Math.round(value)} ms`;
  return value.toFixed(3);
}

/** A p75 against its Built for Shopify threshold, with the samples it rests on (and a word when they are too few). */
function FigureCell({ metric, figure }: { metric: TCoreWebVital; figure: TAdminWebVital | undefined }) {
  if (!figure) {
    return (
      <Text as="span" tone="subdued">
        {texts.notMeasured}
      </Text>
    );
  }
  const good = figure.p75 <= builtForShopifyThresholds[metric];
  const few = figure.samples < webVitalLimits.minSamples;
  return (
    <BlockStack gap="100" inlineAlign="start">
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        <Text as="span" fontWeight="semibold" numeric>
          {formatWebVital(metric, figure.p75)}
        </Text>
        <Badge tone={good ? 'success' : 'warning'}>{good ? texts.good : texts.needsWork}</Badge>
      </InlineStack>
      <Text as="span" variant="bodySm" tone={few ? 'caution' : 'subdued'}>
        {few ? texts.fewSamples(figure.samples, webVitalLimits.minSamples) : texts.samples(figure.samples)}
      </Text>
    </BlockStack>
  );
}

const columns: Column<PageRow>[] = [
  {
    title: texts.page,
    onPhone: false,
    cell: (row) => (
      <Text as="span" fontWeight="semibold">
        {/* A long pattern wraps rather than widening the table past the page. */}
        <code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{row.page}</code>
      </Text>
    ),
  },
  ...coreWebVitals.map((metric): Column<PageRow> => ({
    title: texts.p75(metric),
    cell: (row) => <FigureCell metric={metric} figure={row.figures[metric]} />,
  })),
];

/** The thresholds a page is judged by, in the words Shopify uses. */
function Thresholds({ windowDays, since }: { windowDays: number; since: string }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="p">{texts.thresholds}</Text>
        <InlineStack gap="300" wrap>
          <Badge>{`LCP ≤ ${formatWebVital('LCP', builtForShopifyThresholds.LCP)}`}</Badge>
          <Badge>{`CLS ≤ ${builtForShopifyThresholds.CLS}`}</Badge>
          <Badge>{`INP ≤ ${formatWebVital('INP', builtForShopifyThresholds.INP)}`}</Badge>
        </InlineStack>
        <Text as="p" tone="subdued" variant="bodySm">
          {texts.window(windowDays, since)}
        </Text>
      </BlockStack>
    </Card>
  );
}

/** /app/Admin/web-vitals: the admin's field vitals per page, shell by shell, beside the Built for Shopify thresholds. */
export function WebVitalsPage() {
  const figures = useResource(['web-vitals'], (signal) => loadWebVitals(signal));

  return (
    <AdminPage title={texts.title} subtitle={texts.subtitle}>
      <ListBody list={figures} isEmpty={(found) => !found.items.some(isCore)} empty={texts.empty}>
        {(found) => {
          const bySurface = rowsBySurface(found.items);
          return (
            <BlockStack gap="400">
              <Thresholds windowDays={found.windowDays} since={found.since} />
              {webVitalSurfaces
                .filter((surface) => bySurface[surface].length > 0)
                .map((surface) => (
                  <Card key={surface} padding="0">
                    <section aria-label={texts.surfaces[surface]}>
                      <div className="ql-admin-card-heading">
                        <Text as="h2" variant="headingMd">
                          {texts.surfaces[surface]}
                        </Text>
                      </div>
                      <AdminTable
                        label={texts.tableLabel(texts.surfaces[surface])}
                        resourceName={texts.resourceName}
                        rows={bySurface[surface]}
                        rowId={(row) => `${surface}:${row.page}`}
                        columns={columns}
                        heading={(row) => <code>{row.page}</code>}
                        loading={figures.loading}
                      />
                    </section>
                  </Card>
                ))}
            </BlockStack>
          );
        }}
      </ListBody>
    </AdminPage>
  );
}
