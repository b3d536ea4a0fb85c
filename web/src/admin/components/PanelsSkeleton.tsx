import { BlockStack, Card, Layout, SkeletonBodyText, SkeletonDisplayText, SkeletonPage } from '@shopify/polaris';
import type { SkeletonPageProps } from '@shopify/polaris';

type Props = Pick<SkeletonPageProps, 'title' | 'primaryAction' | 'narrowWidth'> & {
  /** Each panel's height, in lines of text under its heading. */
  panels: readonly number[];
};

/** A page of collapsible panels (Account, Settings) while it loads: a card a panel, each a heading and some lines. */
export function PanelsSkeleton({ panels, ...page }: Props) {
  return (
    <SkeletonPage {...page}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {panels.map((lines, index) => (
              <Card key={index}>
                <BlockStack gap="400">
                  <SkeletonDisplayText size="small" />
                  <SkeletonBodyText lines={lines} />
                </BlockStack>
              </Card>
            ))}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </SkeletonPage>
  );
}
