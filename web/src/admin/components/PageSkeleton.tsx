import { Card, Layout, SkeletonBodyText, SkeletonPage } from '@shopify/polaris';

/** A page while its code or its first data loads: the frame of a page with one card. */
export function PageSkeleton() {
  return (
    <SkeletonPage primaryAction>
      <Layout>
        <Layout.Section>
          <Card>
            <SkeletonBodyText lines={6} />
          </Card>
        </Layout.Section>
      </Layout>
    </SkeletonPage>
  );
}
