import { Card, Layout, SkeletonBodyText, SkeletonPage } from '@shopify/polaris';
import { PageLoading } from './PageLoading.tsx';

/** A page while its code or its first data loads: the frame of a page with one card. */
export function PageSkeleton() {
  return (
    <SkeletonPage primaryAction>
      <PageLoading />
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
