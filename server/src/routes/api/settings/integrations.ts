import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  crmProviderForms,
  ZIntegrationsResponse,
  ZShopifyCustomersRequest,
  ZShopifyCustomersResponse,
  type TIntegrations,
} from '@quizlead/shared/schemas/integrations.ts';
import type { Db } from '../../../db/client.ts';
import { findOwner, ownerEmail } from '../../../db/queries/owner.ts';
import { accounts, destinations } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { NotFoundError } from '../../../errors.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { crmSettingsRoutes } from './crm.ts';
import { findSingleDestination, lockAccount, saveSingleDestination } from '../../../db/queries/destinations.ts';
import { notificationSettingsRoutes } from './notifications.ts';
import { presentCrm, presentNotifications, presentWebhook } from '../../../presenters/settings.ts';
import { webhookSettingsRoutes } from './webhooks.ts';

/**
 * Settings → Integrations (account-player-management.md §2): everything the screen shows in one read,
 * the Shopify customers switch and the affiliate code. The CRM, notification and webhook routes are
 * beside this file, one sub-resource each.
 */

const codeAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const affiliateCodeLength = 8;

export function randomAffiliateCode(): string {
  let code = '';
  for (let index = 0; index < affiliateCodeLength; index++) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

/**
 * The account's affiliate code, made on first read and kept. Two first reads race on
 * `affiliate_code is null`: the loser updates nothing and reads the winner's code; a code another
 * account already has (the unique index) is tried again with a new one.
 */
export async function affiliateCodeFor(db: Db, accountId: string, makeCode: () => string = randomAffiliateCode) {
  const read = async () =>
    (await db.select({ code: accounts.affiliateCode }).from(accounts).where(eq(accounts.id, accountId)).limit(1))[0]?.code;
  const existing = await read();
  if (existing) return existing;
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = makeCode();
    const [taken] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.affiliateCode, code)).limit(1);
    if (!taken) {
      await db
        .update(accounts)
        .set({ affiliateCode: code })
        .where(and(eq(accounts.id, accountId), isNull(accounts.affiliateCode)));
    }
    const stored = await read();
    if (stored) return stored;
  }
  throw new Error('no free affiliate code after 8 attempts');
}

/** The standalone sign-up screen (standalone/src/App.tsx) with the code as the referrer. */
export const affiliateUrl = (appUrl: string, code: string) =>
  `${appUrl.replace(/\/$/, '')}/Signup?ref=${encodeURIComponent(code)}`;

export function settingsRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/settings/integrations',
    summary:
      'The Settings screen: CRM (secrets masked), CRM providers and their fields, notifications, webhooks, Shopify customers, affiliate url',
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
      const code = await affiliateCodeFor(db, auth.accountId);
      const owner = (await ownerEmail(db, auth.accountId)) ?? user.email;
      const data: TIntegrations = {
        crm: presentCrm(single('crm'), services.secrets),
        providers: crmProviderForms.map((provider) => ({ ...provider, fields: [...provider.fields] })),
        notifications: presentNotifications(single('email'), owner),
        webhooks: webhooks.map((row) => presentWebhook(row, services.secrets)),
        shopifyCustomers: { available: account.kind === 'shopify', enabled: single('shopify_customers')?.enabled ?? false },
        affiliate: { code, url: affiliateUrl(services.env.APP_URL, code) },
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
      const row = await saveSingleDestination(db, auth.accountId, 'shopify_customers', saved, { enabled: body.enabled });
      ctx.body = { data: { available: true, enabled: row.enabled } };
    },
  });

  crmSettingsRoutes(api);
  notificationSettingsRoutes(api);
  webhookSettingsRoutes(api);
}
