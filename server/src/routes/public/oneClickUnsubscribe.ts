import Router from '@koa/router';
import { resolveLanguage, type VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
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
  /**
   * The page's words: fixed (mail to owners, in English), or those of the language the link names in
   * `?lang=` (mail to visitors, sent in their language; an unknown one is English).
   */
  texts: UnsubscribeTexts | ((language: VisitorLanguage) => Promise<UnsubscribeTexts>);
}

/**
 * An unsubscribe link in mail (lead notifications, friend invitations, result emails), whose token names
 * who asked. Opening it (GET, or a mail scanner's HEAD) only asks; the page's button, or a mail client's
 * RFC 8058 one-click POST (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`), records the wish.
 */
export function oneClickUnsubscribeRoutes<Claims>(link: UnsubscribeLink<Claims>): Router<AppState> {
  const router = new Router<AppState>();
  const { path } = link;

  /** The page's words and, for a link that names its language, that language (kept in the form's action). */
  const wordsOf = async (ctx: AppContext) => {
    if (typeof link.texts !== 'function') return { texts: link.texts, language: undefined };
    const language = resolveLanguage({ requested: typeof ctx.query.lang === 'string' ? ctx.query.lang.slice(0, 35) : null });
    return { texts: await link.texts(language), language };
  };

  const claimsOf = async (ctx: AppContext) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token.slice(0, 2000) : '';
    const claims = token ? link.verify(token) : undefined;
    const { texts, language } = await wordsOf(ctx);
    if (!claims) page(ctx, 400, { title: texts.unsubscribeInvalidTitle, message: texts.unsubscribeInvalid, language });
    return claims && { claims, token, texts, language };
  };

  router.get(path, async (ctx) => {
    const found = await claimsOf(ctx);
    if (!found) return;
    const { texts, language } = found;
    const query = `token=${encodeURIComponent(found.token)}${language ? `&lang=${language}` : ''}`;
    page(ctx, 200, {
      title: texts.unsubscribeConfirmTitle,
      message: texts.unsubscribeConfirm(link.addressOf(found.claims)),
      form: { action: `${path}?${query}`, label: texts.unsubscribeButton },
      language,
    });
  });

  router.post(path, async (ctx) => {
    const found = await claimsOf(ctx);
    if (!found) return;
    await link.record(found.claims);
    const { texts, language } = found;
    page(ctx, 200, { title: texts.unsubscribedTitle, message: texts.unsubscribed(link.addressOf(found.claims)), language });
  });

  return router;
}
