import Router from '@koa/router';
import { and, eq } from 'drizzle-orm';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import type { AppContext, AppState, Services } from '../../context.ts';
import { destinations } from '../../db/schema/index.ts';
import { emailSettingsOf } from '../../integrations/destinations/emailDestination.ts';
import { verifyUnsubscribeToken } from '../../integrations/mail/leadNotification.ts';
import { messagePage, messagePagePolicy } from '../../lib/messagePage.ts';

/**
 * The unsubscribe link of every lead notification email (integrations/mail/leadNotification.ts): a
 * token signed with SESSION_SECRET names the account and the recipient, who is added to the email
 * destination's `unsubscribed` and told so on a small page. The owner brings an address back by
 * adding it to the recipients again (Settings → Email Notification).
 */
export function notificationUnsubscribeRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/notifications/unsubscribe', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token.slice(0, 2000) : '';
    const claims = token ? verifyUnsubscribeToken(services.env.SESSION_SECRET, token) : undefined;
    if (!claims) {
      page(ctx, 400, integrationMessages.unsubscribeInvalidTitle, integrationMessages.unsubscribeInvalid);
      return;
    }
    const recipient = claims.recipient.toLowerCase();
    // A HEAD (a mail scanner checking the link) reads the page but unsubscribes nobody.
    if (ctx.method === 'HEAD') {
      page(ctx, 200, integrationMessages.unsubscribedTitle, integrationMessages.unsubscribed(recipient));
      return;
    }
    await services.database.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(destinations)
        .where(and(eq(destinations.accountId, claims.accountId), eq(destinations.kind, 'email')))
        .for('update');
      if (!row) return;
      const settings = emailSettingsOf(row);
      if (settings.unsubscribed.some((email) => email.toLowerCase() === recipient)) return;
      await tx
        .update(destinations)
        .set({ settings: { ...settings, unsubscribed: [...settings.unsubscribed, recipient] }, updatedAt: new Date() })
        .where(eq(destinations.id, row.id));
    });
    page(ctx, 200, integrationMessages.unsubscribedTitle, integrationMessages.unsubscribed(recipient));
  });

  return router;
}

function page(ctx: AppContext, status: number, title: string, message: string) {
  ctx.status = status;
  ctx.set('Content-Security-Policy', messagePagePolicy);
  ctx.set('Cache-Control', 'no-store');
  // The token is in the address: it goes nowhere else.
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = messagePage({ title, message });
}
