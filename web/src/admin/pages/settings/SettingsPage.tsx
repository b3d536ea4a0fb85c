import {
  Banner,
  BlockStack,
  Box,
  Card,
  Layout,
  Page,
  SkeletonBodyText,
  SkeletonDisplayText,
  SkeletonPage,
} from '@shopify/polaris';
import type { TIntegrations } from '@quizlead/shared/schemas/integrations.ts';
import { useEffect, useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { getIntegrations } from '../../api/settings.ts';
import { CollapsiblePanel } from '../../components/CollapsiblePanel.tsx';
import { adminUrl } from '../../urls.ts';
import '../quizEditor/quizEditor.css';
import { AffiliatePanel } from './AffiliatePanel.tsx';
import { CrmPanel } from './CrmPanel.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { ShopifyCustomersPanel } from './ShopifyCustomersPanel.tsx';
import { WebhooksPanel } from './WebhooksPanel.tsx';

const title = 'Settings';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; data: TIntegrations };

/**
 * Settings / Integrations (account-player-management.md §2): CRM Integration, Email Notification and
 * Affiliate url, with the webhooks and, for shops, Shopify customers. Each panel saves on its own.
 */
export function SettingsPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getIntegrations(controller.signal).then(
      (data) => setLoad({ state: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: errorNotice(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (load.state === 'loading') return <SettingsSkeleton />;
  if (load.state === 'failed') {
    return (
      <Page title={title}>
        <Banner
          tone="critical"
          title="The settings could not be loaded"
          action={{
            content: 'Try again',
            onAction: () => {
              setLoad({ state: 'loading' });
              setAttempt((n) => n + 1);
            },
          }}
        >
          <p>{load.message}</p>
        </Banner>
      </Page>
    );
  }

  const { data } = load;
  const update = (change: Partial<TIntegrations>) =>
    setLoad((current) => (current.state === 'ready' ? { state: 'ready', data: { ...current.data, ...change } } : current));

  return (
    <Page
      title={title}
      subtitle="Where your leads go: your CRM, notification emails and webhooks."
      secondaryActions={[{ content: 'Delivery log', url: adminUrl('Deliveries') }]}
    >
      <BlockStack gap="400">
        <CollapsiblePanel
          id="crm-integration"
          title="CRM Integration"
          description="Send every lead to your CRM or email-marketing service."
        >
          <CrmPanel crm={data.crm} providers={data.providers} onSaved={(crm) => update({ crm })} />
        </CollapsiblePanel>
        <CollapsiblePanel
          id="email-notification"
          title="Email Notification"
          description="Get an email when a visitor leaves their details."
        >
          <NotificationsPanel notifications={data.notifications} onSaved={(notifications) => update({ notifications })} />
        </CollapsiblePanel>
        <CollapsiblePanel id="webhooks" title="Webhooks" description="Send every lead to your own server or automation tool.">
          <WebhooksPanel webhooks={data.webhooks} onChange={(webhooks) => update({ webhooks })} />
        </CollapsiblePanel>
        {data.shopifyCustomers.available ? (
          <CollapsiblePanel id="shopify-customers" title="Shopify customers" description="Add leads to your shop’s customers.">
            <ShopifyCustomersPanel
              enabled={data.shopifyCustomers.enabled}
              onSaved={(enabled) => update({ shopifyCustomers: { available: true, enabled } })}
            />
          </CollapsiblePanel>
        ) : null}
        <CollapsiblePanel id="affiliate-url" title="Affiliate url" description="Invite others with your own link.">
          <AffiliatePanel affiliate={data.affiliate} />
        </CollapsiblePanel>
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}

function SettingsSkeleton() {
  return (
    <SkeletonPage title={title} primaryAction>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {[5, 4, 3, 2].map((lines) => (
              <Card key={lines}>
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
