import { BlockStack, Box, Card, Layout, Page, SkeletonBodyText, SkeletonDisplayText, SkeletonPage } from '@shopify/polaris';
import type { TIntegrations } from '@quizlead/shared/schemas/integrations.ts';
import { useState } from 'react';
import { getIntegrations } from '../../api/settings.ts';
import { CollapsiblePanel } from '../../components/CollapsiblePanel.tsx';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useLoad } from '../../components/engagement/useLoad.ts';
import { adminUrl } from '../../urls.ts';
import '../quizEditor/quizEditor.css';
import { AffiliatePanel } from './AffiliatePanel.tsx';
import { CrmPanel } from './CrmPanel.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { ShopifyCustomersPanel } from './ShopifyCustomersPanel.tsx';
import { WebhooksPanel } from './WebhooksPanel.tsx';

const title = 'Settings';

const loadFailedTitle = 'The settings could not be loaded';

/**
 * Settings / Integrations (account-player-management.md §2): CRM Integration, Email Notification and
 * Affiliate url, with the webhooks and, for shops, Shopify customers. Each panel saves on its own and
 * its answer replaces that part of what was loaded.
 */
export function SettingsPage() {
  const settings = useLoad('settings', getIntegrations);
  const [saved, setSaved] = useState<Partial<TIntegrations>>({});

  const { loaded } = settings;
  if (loaded.state === 'loading') return <SettingsSkeleton />;
  if (loaded.state !== 'ready') {
    return (
      <Page title={title}>
        <LoadFailed
          title={loadFailedTitle}
          message={loaded.state === 'failed' ? loaded.message : loadFailedTitle}
          onRetry={() => {
            setSaved({});
            settings.reload();
          }}
        />
      </Page>
    );
  }

  const data: TIntegrations = { ...loaded.data, ...saved };
  const update = (change: Partial<TIntegrations>) => setSaved((current) => ({ ...current, ...change }));

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
