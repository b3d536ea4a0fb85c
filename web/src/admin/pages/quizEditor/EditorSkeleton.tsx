import {
  BlockStack,
  Card,
  InlineGrid,
  SkeletonBodyText,
  SkeletonDisplayText,
  SkeletonPage,
  SkeletonTabs,
} from '@shopify/polaris';

/** The wizard's outline while a quiz is created or loaded. */
export function EditorSkeleton() {
  return (
    <SkeletonPage title="Quiz builder" primaryAction fullWidth>
      <InlineGrid columns={{ xs: 1, md: '3fr 2fr' }} gap="400">
        <Card>
          <BlockStack gap="400">
            <SkeletonTabs count={5} />
            <SkeletonDisplayText size="small" />
            <SkeletonBodyText lines={8} />
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="400">
            <SkeletonDisplayText size="medium" />
            <SkeletonBodyText lines={5} />
          </BlockStack>
        </Card>
      </InlineGrid>
    </SkeletonPage>
  );
}
