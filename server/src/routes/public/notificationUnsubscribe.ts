import Router from '@koa/router';
import { eq } from 'drizzle-orm';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import type { AppContext, AppState, Services } from '../../context.ts';
import { destinations } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import { emailSettingsOf } from '../../integrations/destinations/emailDestination.ts';
import { verifyUnsubscribeToken } from '../../integrations/mail/leadNotification.ts';
import { respondWithTokenPage as page } from '../../lib/messagePage.ts';

/**
 * The unsubscribe link of every lead notification email (integrations/mail/leadNotification.ts): a
 * token signed with SESSION_SECRET names the account and the recipient. Opening the link (GET, or a
 * mail scanner's HEAD) only asks; the page's button, or a mail client's RFC 8058 one-click POST
 * (`List-Unsubscribe-Post`), adds the recipient to the email destination's `unsubscribed`. The owner
 * brings an address back by adding it to the recipients again (Settings → Email Notification).
 */
export function notificationUnsubscribeRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();
  const path = '/notifications/unsubscribe';

  const claimsOf = (ctx: AppContext) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token.slice(0, 2000) : '';
    const claims = token ? verifyUnsubscribeToken(services.env.SESSION_SECRET, token) : undefined;
    if (!claims)
      page(ctx, 400, { title: integrationMessages.unsubscribeInvalidTitle, message: integrationMessages.unsubscribeInvalid });
    return claims && { ...claims, recipient: claims.recipient.toLowerCase(), token };
  };

  router.get(path, async (ctx) => {
    const claims = claimsOf(ctx);
    if (!claims) return;
    page(ctx, 200, {
      title: integrationMessages.unsubscribeConfirmTitle,
      message: integrationMessages.unsubscribeConfirm(claims.recipient),
      form: { action: `${path}?token=${encodeURIComponent(claims.token)}`, label: integrationMessages.unsubscribeButton },
    });
  });

  router.post(path, async (ctx) => {
    const claims = claimsOf(ctx);
    if (!claims) return;
    await services.database.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(destinations)
        .where(scoped(destinations, claims.accountId, eq(destinations.kind, 'email')))
        .for('update');
      if (!row) return;
      const settings = emailSettingsOf(row);
      if (settings.unsubscribed.some((email) => email.toLowerCase() === claims.recipient)) return;
      await tx
        .update(destinations)
        .set({ settings: { ...settings, unsubscribed: [...settings.unsubscribed, claims.recipient] }, updatedAt: new Date() })
        .where(scoped(destinations, claims.accountId, eq(destinations.id, row.id)));
    });
    page(ctx, 200, { title: integrationMessages.unsubscribedTitle, message: integrationMessages.unsubscribed(claims.recipient) });
  });

  return router;
}
