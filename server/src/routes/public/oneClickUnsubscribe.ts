import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.ts';
import { respondWithTokenPage as page } from '../../lib/messagePage.ts';

/** The words of one kind of unsubscribe page, from shared/. */
export interface UnsubscribeTexts {
  unsubscribeConfirmTitle: string;
  unsubscribeConfirm: (email: string) => string;
  unsubscribeButton: string;
  unsubscribedTitle: string;
  unsubscribed: (email: string) => string;
  unsubscribeInvalidTitle: string;
  unsubscribeInvalid: string;
}

export interface UnsubscribeLink<Claims> {
  path: string;
  /** What a token this server signed names; undefined for anything else. */
  verify: (token: string) => Claims | undefined;
  /** The address the page speaks of. */
  addressOf: (claims: Claims) => string;
  /** Records the wish (a command); doing it twice is the same. */
  record: (claims: Claims) => Promise<void>;
  texts: UnsubscribeTexts;
}

/**
 * An unsubscribe link in mail (lead notifications, friend invitations), whose token names who asked.
 * Opening it (GET, or a mail scanner's HEAD) only asks; the page's button, or a mail client's RFC 8058
 * one-click POST (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`), records the wish.
 */
export function oneClickUnsubscribeRoutes<Claims>(link: UnsubscribeLink<Claims>): Router<AppState> {
  const router = new Router<AppState>();
  const { path, texts } = link;

  const claimsOf = (ctx: AppContext) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token.slice(0, 2000) : '';
    const claims = token ? link.verify(token) : undefined;
    if (!claims) page(ctx, 400, { title: texts.unsubscribeInvalidTitle, message: texts.unsubscribeInvalid });
    return claims && { claims, token };
  };

  router.get(path, (ctx) => {
    const found = claimsOf(ctx);
    if (!found) return;
    page(ctx, 200, {
      title: texts.unsubscribeConfirmTitle,
      message: texts.unsubscribeConfirm(link.addressOf(found.claims)),
      form: { action: `${path}?token=${encodeURIComponent(found.token)}`, label: texts.unsubscribeButton },
    });
  });

  router.post(path, async (ctx) => {
    const found = claimsOf(ctx);
    if (!found) return;
    await link.record(found.claims);
    page(ctx, 200, { title: texts.unsubscribedTitle, message: texts.unsubscribed(link.addressOf(found.claims)) });
  });

  return router;
}
