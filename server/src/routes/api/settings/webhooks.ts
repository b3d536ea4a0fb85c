import { randomUUID } from 'node:crypto';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import {
  integrationLimits,
  integrationMessages,
  ZConnectionTestResponse,
  ZWebhookCreateRequest,
  ZWebhookResponse,
  ZWebhookUpdateRequest,
  ZWebhookWithSecretResponse,
  type TConnectionTest,
} from '@quizlead/shared/schemas/integrations.ts';
import { webhookCreator } from '../../../commands/webhookCreator.ts';
import { webhookDeleter } from '../../../commands/webhookDeleter.ts';
import { webhookSaver } from '../../../commands/webhookSaver.ts';
import { webhookSecretRotator } from '../../../commands/webhookSecretRotator.ts';
import type { Services } from '../../../context.ts';
import { ValidationError } from '../../../errors.ts';
import type { DestinationRow } from '../../../integrations/destinations/destination.ts';
import { sampleWebhookLead } from '../../../integrations/webhooks/payload.ts';
import { openSigningSecrets } from '../../../integrations/webhooks/secretStore.ts';
import { deliverWebhook } from '../../../integrations/webhooks/sender.ts';
import type { WebhookSigningSecrets } from '../../../integrations/webhooks/signing.ts';
import { validateWebhookUrl } from '../../../integrations/webhooks/urlSafety.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { findOwnWebhook } from '../../../db/queries/destinations.ts';
import { ownerKey } from './ownerKey.ts';
import { ZWebhookParams } from './schema.ts';
import { presentWebhook } from '../../../presenters/settings.ts';

/**
 * Settings → Webhooks: the account's endpoints (Standard Webhooks, signed with a `whsec_` secret that
 * is shown once). Every URL is checked against the SSRF rules when saved (urlSafety.ts) and again
 * before each send; private addresses only with WEBHOOKS_ALLOW_PRIVATE (development and tests).
 */

async function checkedUrl(url: string, services: Services): Promise<string> {
  const problem = await validateWebhookUrl(url, { allowPrivate: services.env.WEBHOOKS_ALLOW_PRIVATE });
  if (problem) throw ValidationError(problem, 'url');
  return url;
}

/** The endpoint's secrets; a ciphertext that no longer opens (its key was retired) starts afresh. */
function signingSecretsOf(row: DestinationRow, services: Services): WebhookSigningSecrets | undefined {
  if (!row.sealed) return undefined;
  try {
    return openSigningSecrets(services.secrets, row.sealed);
  } catch {
    return undefined;
  }
}

export function webhookSettingsRoutes(api: ApiRouter): void {
  const limiter = api.services.limiters.webhookConnectionTestByAccount;

  api.route({
    method: 'post',
    path: '/settings/webhooks',
    summary: `Add a webhook endpoint (at most ${integrationLimits.webhooks}); its signing secret is answered this once`,
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    body: ZWebhookCreateRequest,
    transaction: true,
    responses: { 201: ZWebhookWithSecretResponse, 400: 'url: not allowed, or the limit is reached' },
    handler: async ({ ctx, db, auth, body, services }) => {
      // Checked before the lock: DNS may take a moment and nothing is written yet.
      const url = await checkedUrl(body.url, services);
      const { row, secret } = await webhookCreator({ db, secrets: services.secrets }, { accountId: auth.accountId, url });
      ctx.status = 201;
      ctx.body = { data: { webhook: presentWebhook(row, services.secrets), secret } };
    },
  });

  api.route({
    method: 'put',
    path: '/settings/webhooks/:id',
    summary: 'Change an endpoint’s URL or switch it on or off (switching on clears why it was switched off)',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    params: ZWebhookParams,
    body: ZWebhookUpdateRequest,
    transaction: true,
    responses: { 200: ZWebhookResponse, 400: 'url: not allowed', 404: 'No such webhook in this account' },
    handler: async ({ ctx, db, auth, params, body, services }) => {
      const row = await findOwnWebhook(db, auth.accountId, params.id, { forUpdate: true });
      // Switching an endpoint off needs no check, so an address that stopped resolving can still be silenced.
      const url = body.enabled || body.url !== row.url ? await checkedUrl(body.url, services) : body.url;
      const updated = await webhookSaver({ db }, { accountId: auth.accountId, id: row.id, url, enabled: body.enabled });
      ctx.body = { data: presentWebhook(updated, services.secrets) };
    },
  });

  api.route({
    method: 'delete',
    path: '/settings/webhooks/:id',
    summary: 'Delete a webhook endpoint (its deliveries go with it)',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    params: ZWebhookParams,
    responses: { 200: ZMessageResponse, 404: 'No such webhook in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      await webhookDeleter({ db }, { accountId: auth.accountId, id: params.id });
      ctx.body = { data: { message: integrationMessages.webhookDeleted } };
    },
  });

  api.route({
    method: 'post',
    path: '/settings/webhooks/:id/rotate',
    summary: 'Make a new signing secret, answered this once; the previous one keeps signing for 24 hours',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    params: ZWebhookParams,
    transaction: true,
    responses: { 200: ZWebhookWithSecretResponse, 404: 'No such webhook in this account' },
    handler: async ({ ctx, db, auth, params, services }) => {
      const row = await findOwnWebhook(db, auth.accountId, params.id, { forUpdate: true });
      const { row: updated, secret } = await webhookSecretRotator(
        { db, secrets: services.secrets },
        { accountId: auth.accountId, id: row.id, saved: signingSecretsOf(row, services) },
      );
      ctx.body = { data: { webhook: presentWebhook(updated, services.secrets), secret } };
    },
  });

  api.route({
    method: 'post',
    path: '/settings/webhooks/:id/test',
    summary: 'Send a signed `test` event with a sample lead to the endpoint and answer what it replied',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    params: ZWebhookParams,
    rateLimit: [{ limiter, by: ownerKey }],
    responses: { 200: ZConnectionTestResponse, 404: 'No such webhook in this account' },
    handler: async ({ ctx, db, auth, params, services }) => {
      const row = await findOwnWebhook(db, auth.accountId, params.id);
      const secrets = signingSecretsOf(row, services);
      let answer: TConnectionTest;
      if (!row.url || !secrets) {
        answer = { ok: false, message: 'The signing secret cannot be read: rotate it, then send the test again.', exchange: [] };
      } else {
        const outcome = await deliverWebhook(
          { url: row.url, secrets },
          { idempotencyKey: `test_${randomUUID()}`, type: 'test', lead: sampleWebhookLead(), occurredAt: new Date() },
          { allowPrivate: services.env.WEBHOOKS_ALLOW_PRIVATE },
        );
        const status = outcome.exchange[0]?.response?.status ?? 0;
        answer = {
          ok: outcome.ok,
          message: outcome.ok ? integrationMessages.webhookTestSent(status) : outcome.message,
          exchange: outcome.exchange,
        };
      }
      ctx.body = { data: answer };
    },
  });
}
