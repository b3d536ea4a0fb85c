import { randomUUID } from 'node:crypto';
import {
  integrationMessages,
  ZConnectionTestResponse,
  ZCrmSettingResponse,
  ZCrmSettingsRequest,
  type TConnectionTest,
} from '@quizlead/shared/schemas/integrations.ts';
import type { z } from 'zod';
import type { Services } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { ValidationError } from '../../../errors.ts';
import type { Exchange } from '../../../integrations/crm/crmProvider.ts';
import { findCrmProvider } from '../../../integrations/crm/providers.ts';
import { sealCrmSecrets, splitCrmSettings } from '../../../integrations/destinations/crmDestination.ts';
import type { DestinationRow } from '../../../integrations/destinations/destination.ts';
import { externalFetch } from '../../../integrations/external/externalFetch.ts';
import { sampleWebhookLead } from '../../../integrations/webhooks/payload.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { singleDestinationSaver } from '../../../commands/singleDestinationSaver.ts';
import { findSingleDestination, lockAccount } from '../../../db/queries/destinations.ts';
import { crmFieldStore } from '../../../db/queries/crmFields.ts';
import { memoryCrmFieldStore } from '../../../integrations/crm/crmFields.ts';
import { ownerKey } from './ownerKey.ts';
import { redactSecrets } from '../../../lib/redactSecrets.ts';
import { presentCrm, savedCrmSecrets } from '../../../presenters/settings.ts';

/**
 * Settings → CRM Integration (spec: account-player-management.md §3 CRM setting, §4 CRM panel): the one CRM
 * an account sends its leads to. The provider's own schema checks its settings; secret fields are
 * sealed and never leave the server again, and one sent empty keeps the saved value.
 */

type CrmBody = z.output<typeof ZCrmSettingsRequest>;

/** The provider and its complete, checked settings (secrets included): saved secrets fill the ones left empty. */
function resolveCrmSettings(body: CrmBody, saved: DestinationRow | undefined, services: Services) {
  if (!body.provider) throw ValidationError(integrationMessages.providerRequired, 'provider');
  const provider = findCrmProvider(body.provider);
  if (!provider) throw ValidationError(integrationMessages.providerUnknown, 'provider');
  const keep = saved?.provider === provider.id ? savedCrmSecrets(services.secrets, saved) : {};
  const merged: Record<string, unknown> = { ...body.settings };
  for (const name of provider.secretFields) {
    const sent = merged[name];
    if ((sent === undefined || (typeof sent === 'string' && sent.trim() === '')) && keep[name] !== undefined) {
      merged[name] = keep[name];
    }
  }
  const parsed = provider.settings.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw ValidationError(issue.message, ['settings', ...issue.path].join('.'));
  }
  return { provider, values: parsed.data as Record<string, unknown> };
}

/** Whether `values` are the saved destination's settings (the same account and list), so its custom fields apply. */
function isSavedTarget(
  saved: DestinationRow | undefined,
  providerId: string,
  values: Record<string, unknown>,
  services: Services,
) {
  if (!saved || saved.provider !== providerId) return false;
  const stable = (value: Record<string, unknown>) => JSON.stringify(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
  return stable({ ...saved.settings, ...savedCrmSecrets(services.secrets, saved) }) === stable(values);
}

/** The providers redact their exchanges; this is the backstop, so no route ever answers a saved secret. */
export function redactExchange(exchange: Exchange[], secrets: readonly string[]): Exchange[] {
  return redactSecrets(exchange, secrets);
}

export function crmSettingsRoutes(api: ApiRouter): void {
  const limiter = api.services.limiters.crmConnectionTestByAccount;

  api.route({
    method: 'put',
    path: '/settings/crm',
    summary: 'Save the CRM integration: switched on, a provider and its settings (secrets sealed; empty keeps the saved one)',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    body: ZCrmSettingsRequest,
    transaction: true,
    responses: { 200: ZCrmSettingResponse, 400: 'provider, or settings.<field> with the provider’s message' },
    handler: async ({ ctx, db, auth, body, services }) => {
      await lockAccount(db, auth.accountId);
      const saved = await findSingleDestination(db, auth.accountId, 'crm');
      ctx.body = { data: presentCrm(await saveCrm(db, auth.accountId, body, saved, services), services.secrets) };
    },
  });

  api.route({
    method: 'post',
    path: '/settings/crm/test',
    summary: 'Add a sample contact with the settings as typed (saved secrets fill empty ones) and answer the CRM’s reply',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    body: ZCrmSettingsRequest,
    rateLimit: [{ limiter, by: ownerKey }],
    responses: { 200: ZConnectionTestResponse, 400: 'provider, or settings.<field> with the provider’s message' },
    handler: async ({ ctx, db, auth, body, services }) => {
      const saved = await findSingleDestination(db, auth.accountId, 'crm');
      const { provider, values } = resolveCrmSettings(body, saved, services);
      const lead = sampleWebhookLead();
      // A delivery id of its own: a Test connection is a contact of its own, never a repeat of another. The
      // sample's answers use the saved destination's custom fields when the settings are the saved ones;
      // other settings keep what they make for this call only (a delivery finds those fields again).
      const fields =
        saved && isSavedTarget(saved, provider.id, values, services)
          ? crmFieldStore(db, saved.id, provider.id)
          : memoryCrmFieldStore();
      const outcome = await provider.upsertContact(lead, values, externalFetch, {
        deliveryId: `test-${randomUUID()}`,
        sample: true,
        fields,
      });
      const secrets = Object.values(splitCrmSettings(provider, values).secret);
      const answer: TConnectionTest = {
        ok: outcome.ok,
        message: outcome.ok
          ? [integrationMessages.crmTestSent(provider.label, lead.email), outcome.message].filter(Boolean).join(' ')
          : outcome.message,
        exchange: redactExchange(outcome.exchange, secrets),
      };
      ctx.body = { data: answer };
    },
  });
}

/** Switched off, the saved provider and values stay for next time; switched on, they are replaced. */
async function saveCrm(db: Db, accountId: string, body: CrmBody, saved: DestinationRow | undefined, services: Services) {
  if (!body.enabled) {
    if (!saved) return undefined;
    return singleDestinationSaver({ db }, { accountId, kind: 'crm', existing: saved, values: { enabled: false } });
  }
  const { provider, values } = resolveCrmSettings(body, saved, services);
  const { open, secret } = splitCrmSettings(provider, values);
  return singleDestinationSaver(
    { db },
    {
      accountId,
      kind: 'crm',
      existing: saved,
      values: {
        enabled: true,
        provider: provider.id,
        settings: open,
        sealed: Object.keys(secret).length > 0 ? sealCrmSecrets(services.secrets, secret) : null,
      },
      // Other settings may name another account or audience: its fields are found (or made) again.
      targetChanged: saved !== undefined && !isSavedTarget(saved, provider.id, values, services),
    },
  );
}
