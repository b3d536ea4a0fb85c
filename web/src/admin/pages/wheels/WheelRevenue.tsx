import { Banner, BlockStack, Card, SkeletonBodyText, SkeletonDisplayText, Text } from '@shopify/polaris';
import { getWheelReport } from '../../api/reports.ts';
import { useResource } from '../../data/useResource.ts';
import { isEmbedded } from '../../shell.ts';
import { RevenueCard } from '../quizReport/RevenueCard.tsx';
import { revenueTexts } from '../quizReport/texts.ts';
import '../quizReport/quizReport.css';

/**
 * The wheel's revenue above its spins (a Shopify shop's wheel): orders, revenue, average order value
 * and conversion, then per slice. Standalone accounts sell through no shop: the standalone admin
 * shows nothing and asks for nothing (no placeholder that then vanishes). A failed load says so
 * without hiding the spins.
 */
export function WheelRevenue({ id }: { id: string }) {
  return isEmbedded() ? <ShopWheelRevenue id={id} /> : null;
}

function ShopWheelRevenue({ id }: { id: string }) {
  const report = useResource(['wheel', 'revenue', id], (signal) => getWheelReport(id, signal));
  const loaded = report.loaded;
  if (loaded.state === 'loading') {
    return (
      <Card>
        <BlockStack gap="300">
          <span aria-busy="true" aria-label={revenueTexts.loading}>
            <SkeletonDisplayText size="small" />
          </span>
          <SkeletonBodyText lines={3} />
        </BlockStack>
      </Card>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <Banner tone="warning" action={{ content: 'Try again', onAction: report.reload }}>
        <Text as="p">{`${revenueTexts.loadFailed} ${loaded.message}`}</Text>
      </Banner>
    );
  }
  if (loaded.state !== 'ready' || !loaded.data.revenue) return null;
  const { revenue, spins } = loaded.data;
  return (
    <RevenueCard
      revenue={revenue}
      base={{ count: spins, one: 'spin', many: 'spins' }}
      help={revenueTexts.wheelHelp}
      emptyHelp={revenueTexts.noOrdersHelp.wheel}
      breakdown={{
        title: revenueTexts.bySlice,
        column: revenueTexts.slice,
        rows: revenue.bySlice.map((slice) => ({ ...slice, key: String(slice.slice) })),
      }}
    />
  );
}
