import Router from '@koa/router';
import { invitationOptOutMessages as texts } from '@quizlead/shared/invitationOptOut.ts';
import { invitationOptOutRecorder } from '../../commands/invitationOptOutRecorder.ts';
import type { AppContext, AppState, Services } from '../../context.ts';
import {
  invitationUnsubscribePath as path,
  verifyInvitationUnsubscribeToken,
} from '../../integrations/mail/invitationUnsubscribe.ts';
import { respondWithTokenPage as page } from '../../lib/messagePage.ts';

/**
 * The unsubscribe link of every friend invitation (integrations/mail/invitationUnsubscribe.ts), whose
 * token names the invited address. Opening it (GET, or a mail scanner's HEAD) only asks; the page's
 * button, or a mail client's RFC 8058 one-click POST (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`),
 * records the wish, and no account can invite that address again.
 */
export function invitationUnsubscribeRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();

  const emailOf = (ctx: AppContext) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token.slice(0, 2000) : '';
    const email = token ? verifyInvitationUnsubscribeToken(services.env.SESSION_SECRET, token) : undefined;
    if (!email) page(ctx, 400, { title: texts.unsubscribeInvalidTitle, message: texts.unsubscribeInvalid });
    return email && { email, token };
  };

  router.get(path, async (ctx) => {
    const found = emailOf(ctx);
    if (!found) return;
    page(ctx, 200, {
      title: texts.unsubscribeConfirmTitle,
      message: texts.unsubscribeConfirm(found.email),
      form: { action: `${path}?token=${encodeURIComponent(found.token)}`, label: texts.unsubscribeButton },
    });
  });

  router.post(path, async (ctx) => {
    const found = emailOf(ctx);
    if (!found) return;
    await invitationOptOutRecorder({ db: services.database.db, email: found.email });
    page(ctx, 200, { title: texts.unsubscribedTitle, message: texts.unsubscribed(found.email) });
  });

  return router;
}
