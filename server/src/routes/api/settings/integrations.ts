import {
  crmProviderForms,
  ZIntegrationsResponse,
  ZShopifyCustomersRequest,
  ZShopifyCustomersResponse,
  type TIntegrations,
} from '@quizlead/shared/schemas/integrations.ts';
import { findOwner, ownerEmail } from '../../../db/queries/owner.ts';
import { destinations } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { NotFoundError } from '../../../errors.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { adPixelSettingsRoutes } from './adPixels.ts';
import { crmSettingsRoutes } from './crm.ts';
import { singleDestinationSaver } from '../../../commands/singleDestinationSaver.ts';
import { findSingleDestination, lockAccount } from '../../../db/queries/destinations.ts';
import { notificationSettingsRoutes } from './notifications.ts';
import { presentCrm, presentNotifications, presentWebhook } from '../../../presenters/settings.ts';
import { webhookSettingsRoutes } from './webhooks.ts';
import { destinationPreviewRoutes } from './destinationPreview.ts';

/**
 * Settings → Integrations (spec: account-player-management.md §2): everything the screen shows in one read,
 * and the Shopify customers switch. The CRM, notification and webhook routes are beside this file, one
 * sub-resource each; the Affiliate url panel reads /affiliate (routes/api/referrals/affiliate.ts).
 */

export function settingsRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/settings/integrations',
    summary:
      'The Settings screen: CRM (secrets masked), CRM providers and their fields, notifications, webhooks, Shopify customers',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.read',
    responses: { 200: ZIntegrationsResponse },
    handler: async ({ ctx, db, auth, services }) => {
      const { user, account } = await findOwner(db, auth);
      const rows = await db.select().from(destinations).where(scoped(destinations, auth.accountId));
      const single = (kind: 'crm' | 'email' | 'shopify_customers') => rows.find((row) => row.kind === kind);
      const webhooks = rows
        .filter((row) => row.kind === 'webhook')
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
      const owner = (await ownerEmail(db, auth.accountId)) ?? user.email;
      const data: TIntegrations = {
        crm: presentCrm(single('crm'), services.secrets),
        providers: crmProviderForms.map((provider) => ({ ...provider, fields: [...provider.fields] })),
        notifications: presentNotifications(single('email'), owner),
        webhooks: webhooks.map((row) => presentWebhook(row, services.secrets)),
        shopifyCustomers: {
          ...(single('shopify_customers') ? { id: single('shopify_customers')!.id } : {}),
          available: account.kind === 'shopify',
          enabled: single('shopify_customers')?.enabled ?? false,
        },
        adPixels: { metaPixelId: account.metaPixelId, tiktokPixelId: account.tiktokPixelId },
      };
      ctx.body = { data };
    },
  });

  api.route({
    method: 'put',
    path: '/settings/shopify-customers',
    summary: 'Add every lead to the shop’s Shopify customers, or stop (Shopify accounts only)',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    body: ZShopifyCustomersRequest,
    transaction: true,
    responses: { 200: ZShopifyCustomersResponse, 404: 'Not a Shopify account' },
    handler: async ({ ctx, db, auth, body }) => {
      const { account } = await findOwner(db, auth);
      if (account.kind !== 'shopify') throw NotFoundError();
      await lockAccount(db, auth.accountId);
      const saved = await findSingleDestination(db, auth.accountId, 'shopify_customers');
      const row = await singleDestinationSaver(
        { db },
        { accountId: auth.accountId, kind: 'shopify_customers', existing: saved, values: { enabled: body.enabled } },
      );
      ctx.body = { data: { id: row.id, available: true, enabled: row.enabled } };
    },
  });

  crmSettingsRoutes(api);
  adPixelSettingsRoutes(api);
  notificationSettingsRoutes(api);
  webhookSettingsRoutes(api);
  destinationPreviewRoutes(api);
}
