import Router from '@koa/router';
import type { AppContext, AppState, Services } from '../../../context.ts';
import { shopifyWebhookQueuer } from '../../../commands/shopifyWebhookQueuer.ts';
import { UnauthorizedError, ValidationError } from '../../../errors.ts';
import { readRawBody } from '../../../lib/rawBody.ts';
import { isWebhookTopic, webhookTopics, type WebhookTopic } from '../../../integrations/shopify/webhookPayloads.ts';
import { shopifyRoutePaths } from '../../../integrations/shopify/routePaths.ts';

/** Shopify's largest payloads for these topics are a few kilobytes (the shop resource). */
const maxBodyBytes = 256 * 1024;

/**
 * POST /webhooks/shopify: every topic of shopify.app.toml [webhooks], named by X-Shopify-Topic.
 *
 * Mounted before the JSON body parser, because the signature is over the raw bytes. In order:
 * the library checks the HMAC (401 and nothing written when it does not hold) and the required
 * headers; the body must be JSON of the topic's shape (400 naming the field, never a 500); then the
 * receipt (keyed by X-Shopify-Webhook-Id) and the job that applies the delivery are written in one
 * transaction and Shopify gets its 200 at once. A redelivery finds the receipt and is answered 200
 * with nothing written. Topics the app does not handle are acknowledged and dropped.
 */
export function shopifyWebhookRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.post(shopifyRoutePaths.webhooks, async (ctx: AppContext) => {
    const shopify = services.shopify;
    // Without the app's secret nothing can be verified.
    if (!shopify) throw UnauthorizedError();
    const raw = await readRawBody(ctx.req, maxBodyBytes, 'Webhook body too large');
    const check = await shopify.webhooks.validate({ rawBody: raw.toString('utf8'), rawRequest: ctx.req, rawResponse: ctx.res });
    if (!check.valid) {
      if ('missingHeaders' in check) throw ValidationError(`Missing webhook headers: ${check.missingHeaders.join(', ')}`);
      throw UnauthorizedError();
    }
    if (!isWebhookTopic(check.topic)) {
      ctx.state.log.info({ topic: check.topic }, 'Shopify webhook topic not handled: acknowledged');
      ctx.status = 200;
      ctx.body = { data: { received: true } };
      return;
    }
    const shop = shopify.utils.sanitizeShop(check.domain);
    if (!shop || !/\.myshopify\.com$/.test(shop)) throw ValidationError('Invalid shop domain', 'X-Shopify-Shop-Domain');
    if (check.webhookId.length > 255) throw ValidationError('Invalid webhook id', 'X-Shopify-Webhook-Id');
    const triggeredAt = check.triggeredAt ? new Date(check.triggeredAt) : null;
    if (triggeredAt && Number.isNaN(triggeredAt.getTime())) throw ValidationError('Invalid time', 'X-Shopify-Triggered-At');

    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw ValidationError('Webhook body must be JSON');
    }
    const parsed = webhookTopics[check.topic].safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw ValidationError(
        issue.path.length ? issue.message : 'Webhook body must be a JSON object',
        issue.path.join('.') || undefined,
      );
    }
    const named = (parsed.data as { shop_domain?: string }).shop_domain;
    if (named !== undefined && named !== shop) throw ValidationError('Does not match X-Shopify-Shop-Domain', 'shop_domain');

    const queued = await shopifyWebhookQueuer(
      { db: services.database.db, queue: services.queue, secrets: services.secrets },
      { webhookId: check.webhookId, topic: check.topic as WebhookTopic, shop, triggeredAt, payload: parsed.data },
    );
    ctx.state.log.info({ topic: check.topic, shop, duplicate: !queued }, 'Shopify webhook received');
    ctx.status = 200;
    ctx.body = { data: { received: true } };
  });
  return router;
}
