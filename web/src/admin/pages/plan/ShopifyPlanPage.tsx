import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Layout,
  Page,
  SkeletonBodyText,
  SkeletonPage,
  Text,
} from '@shopify/polaris';
import { ExternalIcon } from '@shopify/polaris-icons';
import type { TShopifyPlan } from '@quizlead/shared/schemas/shopifyAccount.ts';
import { shopifyPlanMessages } from '@quizlead/shared/shopify.ts';
import { useEffect, useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { getShopifyPlan } from '../../api/shopify.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';

const title = 'Plan';

export const planTexts = {
  subtitle: 'Shopify bills your plan with your store’s other charges.',
  current: 'Your plan',
  explain:
    'Pick, change or cancel your plan on Shopify’s plan page. Paid plans remove the ‘Powered By’ footer from your quizzes.',
  stale: 'Shopify could not be reached just now: this is the plan last recorded.',
  includes: 'What your plan includes',
} as const;

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; plan: TShopifyPlan };

/** Shopify's statuses in words, with a badge tone. */
const statusBadges: Record<string, { label: string; tone?: 'success' | 'attention' | 'critical' }> = {
  ACTIVE: { label: 'Active', tone: 'success' },
  PENDING: { label: 'Waiting for approval', tone: 'attention' },
  FROZEN: { label: 'Frozen', tone: 'critical' },
  CANCELLED: { label: 'Cancelled' },
  DECLINED: { label: 'Declined' },
  EXPIRED: { label: 'Expired' },
};

/**
 * /shopify/app/Plan (embedded only): the shop's plan and the way to Shopify's plan page, which opens
 * over the whole admin (App Pricing: Shopify hosts plan choice and billing, never the app).
 */
export function ShopifyPlanPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getShopifyPlan(controller.signal).then(
      (plan) => setLoad({ state: 'ready', plan }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: errorNotice(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (load.state === 'loading') {
    return (
      <SkeletonPage title={title} narrowWidth>
        <Layout>
          <Layout.Section>
            <Card>
              <SkeletonBodyText lines={4} />
            </Card>
          </Layout.Section>
        </Layout>
      </SkeletonPage>
    );
  }
  if (load.state === 'failed') {
    const retry = () => {
      setLoad({ state: 'loading' });
      setAttempt((n) => n + 1);
    };
    return (
      <Page title={title} narrowWidth>
        <LoadFailed message={load.message} onRetry={retry} />
      </Page>
    );
  }

  const { plan } = load;
  const badge = plan.status ? statusBadges[plan.status] : undefined;
  return (
    <Page title={title} subtitle={planTexts.subtitle} narrowWidth>
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {planTexts.current}
            </Text>
            <InlineStack gap="200" blockAlign="center">
              <Text as="p" variant="headingLg">
                <span data-plan-name="">{plan.planName}</span>
              </Text>
              {badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
            </InlineStack>
            {plan.live === false ? (
              <Text as="p" tone="subdued">
                {planTexts.stale}
              </Text>
            ) : null}
          </BlockStack>
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm" id="plan-includes">
              {planTexts.includes}
            </Text>
            <ul aria-labelledby="plan-includes" style={{ margin: 0, paddingInlineStart: 20 }}>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </BlockStack>
          <Text as="p">{planTexts.explain}</Text>
          <InlineStack>
            {/* A link (Shopify's page cannot be framed: it replaces the whole admin page). */}
            <Button variant="primary" icon={ExternalIcon} url={plan.planPageUrl} target="_top">
              {shopifyPlanMessages.changePlan}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}
