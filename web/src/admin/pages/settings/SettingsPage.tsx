import { Banner, BlockStack, Box, Page } from '@shopify/polaris';
import { adPixelSettingsTexts } from '@quizlead/shared/adPixelTexts.ts';
import { permissionMessages } from '@quizlead/shared/permissions.ts';
import type { TIntegrations } from '@quizlead/shared/schemas/integrations.ts';
import { type ReactNode, useState } from 'react';
import { getIntegrations } from '../../api/settings.ts';
import { CollapsiblePanel } from '../../components/CollapsiblePanel.tsx';
import { PanelsSkeleton } from '../../components/PanelsSkeleton.tsx';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { isEmbedded } from '../../shell.ts';
import { adminUrl } from '../../urls.ts';
import { useCan } from '../../useCan.ts';
import '../quizEditor/quizEditor.css';
import { AdPixelsPanel } from './AdPixelsPanel.tsx';
import { AffiliatePanel } from './AffiliatePanel.tsx';
import { DataRequestsPanel } from './DataRequestsPanel.tsx';
import { dataRequestTexts } from './dataRequestTexts.ts';
import { CrmPanel } from './CrmPanel.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { PostPurchaseSurveyPanel } from './PostPurchaseSurveyPanel.tsx';
import { postPurchaseTexts } from './postPurchaseTexts.ts';
import { ShopifyCustomersPanel } from './ShopifyCustomersPanel.tsx';
import { WebhooksPanel } from './WebhooksPanel.tsx';

const title = 'Settings';

const loadFailedTitle = 'The settings could not be loaded';

/**
 * Settings / Integrations (spec: account-player-management.md §2): CRM Integration, Email Notification and
 * Affiliate url, with the webhooks and, for shops, Shopify customers. Each panel saves on its own and
 * its answer replaces that part of what was loaded.
 */
export function SettingsPage() {
  const settings = useResource(['settings'], getIntegrations);
  const manages = useCan('settings.manage');
  const seesAffiliate = useCan('affiliate.read');
  const embedded = isEmbedded();
  const [saved, setSaved] = useState<Partial<TIntegrations>>({});

  const { loaded } = settings;
  if (loaded.state === 'loading') return <PanelsSkeleton title={title} primaryAction panels={[5, 4, 3, 2]} />;
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
        {manages ? null : <Banner tone="info">{permissionMessages.settingsOwnerOnly}</Banner>}
        <CollapsiblePanel
          id="crm-integration"
          title="CRM Integration"
          description="Send every lead to your CRM or email-marketing service."
        >
          <OwnerControls enabled={manages}>
            <CrmPanel crm={data.crm} providers={data.providers} onSaved={(crm) => update({ crm })} />
          </OwnerControls>
        </CollapsiblePanel>
        <CollapsiblePanel
          id="email-notification"
          title="Email Notification"
          description="Get an email when a visitor leaves their details."
        >
          <OwnerControls enabled={manages}>
            <NotificationsPanel notifications={data.notifications} onSaved={(notifications) => update({ notifications })} />
          </OwnerControls>
        </CollapsiblePanel>
        <CollapsiblePanel id="webhooks" title="Webhooks" description="Send every lead to your own server or automation tool.">
          <OwnerControls enabled={manages}>
            <WebhooksPanel webhooks={data.webhooks} onChange={(webhooks) => update({ webhooks })} />
          </OwnerControls>
        </CollapsiblePanel>
        <CollapsiblePanel id="ad-pixels" title={adPixelSettingsTexts.title} description={adPixelSettingsTexts.description}>
          <OwnerControls enabled={manages}>
            <AdPixelsPanel pixels={data.adPixels} onSaved={(adPixels) => update({ adPixels })} />
          </OwnerControls>
        </CollapsiblePanel>
        {data.shopifyCustomers.available ? (
          <CollapsiblePanel id="shopify-customers" title="Shopify customers" description="Add leads to your shop’s customers.">
            <OwnerControls enabled={manages}>
              <ShopifyCustomersPanel
                customers={data.shopifyCustomers}
                onSaved={(shopifyCustomers) => update({ shopifyCustomers })}
              />
            </OwnerControls>
          </CollapsiblePanel>
        ) : null}
        {/* The thank-you and order status blocks exist only in Shopify's checkout and customer accounts. */}
        {embedded ? (
          <CollapsiblePanel id="post-purchase-survey" title={postPurchaseTexts.title} description={postPurchaseTexts.description}>
            <PostPurchaseSurveyPanel />
          </CollapsiblePanel>
        ) : null}
        {/* Shopify forwards customers' requests for their data to the shop (customers/data_request). */}
        {embedded ? (
          <CollapsiblePanel id="data-requests" title={dataRequestTexts.title} description={dataRequestTexts.description}>
            <DataRequestsPanel />
          </CollapsiblePanel>
        ) : null}
        {/* Referring other businesses to the standalone app has no place inside a shop's admin. */}
        {seesAffiliate && !embedded ? (
          <CollapsiblePanel id="affiliate-url" title="Affiliate url" description="Invite others with your own link.">
            <AffiliatePanel />
          </CollapsiblePanel>
        ) : null}
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}

/** A disabled fieldset turns off every control of a panel for members, as the server would refuse them; the panel still opens. */
function OwnerControls({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={!enabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
