import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState, Services } from '../../context.ts';
import { flowTriggerUsageRecorder } from '../../commands/flowTriggerUsageRecorder.ts';
import { UnauthorizedError, ValidationError } from '../../errors.ts';
import { isFlowTriggerHandle } from '../../integrations/shopify/flow/flowTriggers.ts';
import { shopifyRoutePaths } from '../../integrations/shopify/routePaths.ts';
import { readRawBody } from '../../lib/rawBody.ts';

/** A callback is five short fields. */
const maxBodyBytes = 16 * 1024;

/** The callback's body as Flow documents it (reference C6, "Callback body"). */
export const ZFlowLifecycleCallback = z.object({
  flow_trigger_definition_id: z.string().min(1).max(255),
  has_enabled_flow: z.boolean(),
  shop_id: z.number().int().positive(),
  shopify_domain: z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'Must be a myshopify.com domain'),
  timestamp: z.iso.datetime({ offset: true }),
});

/**
 * POST /webhooks/shopify/flow-lifecycle: Shopify Flow says whether a shop has an enabled workflow that
 * starts with one of the app's triggers (reference C6). Mounted before the JSON body parser: the
 * signature, `X-Shopify-Hmac-Sha256` = base64 HMAC-SHA256 of the raw body with the app's secret, is
 * checked by the library (`shopify.flow.validate`) on the bytes as they came, 401 and nothing written when
 * it does not hold. A merchant cannot enable a workflow until this answers 2xx, so it does one small
 * transaction and answers 200 at once; a trigger the app does not have (an old or renamed handle) and a
 * shop the app has no account for are acknowledged with nothing written.
 */
export function shopifyFlowLifecycleRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.post(shopifyRoutePaths.flowLifecycle, async (ctx: AppContext) => {
    const shopify = services.shopify;
    if (!shopify) throw UnauthorizedError();
    const raw = await readRawBody(ctx.req, maxBodyBytes, 'Callback body too large');
    const check = await shopify.flow.validate({ rawBody: raw.toString('utf8'), rawRequest: ctx.req, rawResponse: ctx.res });
    if (!check.valid) throw UnauthorizedError();

    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw ValidationError('Callback body must be JSON');
    }
    const parsed = ZFlowLifecycleCallback.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw ValidationError(
        issue.path.length ? issue.message : 'Callback body must be a JSON object',
        issue.path.join('.') || undefined,
      );
    }
    const callback = parsed.data;
    const handle = callback.flow_trigger_definition_id;
    const recorded =
      isFlowTriggerHandle(handle) &&
      (await flowTriggerUsageRecorder(services.database.db, {
        shop: callback.shopify_domain,
        handle,
        enabled: callback.has_enabled_flow,
        changedAt: new Date(callback.timestamp),
      }));
    ctx.state.log.info(
      { shop: callback.shopify_domain, handle, enabled: callback.has_enabled_flow, recorded },
      'Shopify Flow trigger lifecycle callback',
    );
    ctx.status = 200;
    ctx.body = { data: { received: true } };
  });
  return router;
}
