import { leadingPersonality, type TQuizResult } from '@quizlead/shared/engine/index.ts';
import { matchLanguage, sourceLanguage, type VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import type { Translate } from '@quizlead/shared/i18n/translate.ts';
import { eq } from 'drizzle-orm';
import { footerLinksFor } from '@quizlead/shared/poweredBy.ts';
import { renderResultEmail, type ResultEmailData } from '@quizlead/shared/resultEmail.ts';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { ownerEmail } from '../db/queries/owner.ts';
import { accounts, wheelSpins, wheels } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { DestinationDeps, DestinationRow } from '../integrations/destinations/destination.ts';
import type { ResultEmail, ResultEmailComposer } from '../integrations/destinations/resultEmailDestination.ts';
import { resultEmailUnsubscribeUrl } from '../integrations/mail/resultEmailUnsubscribe.ts';
import { loadPlayableQuiz } from '../lib/playableQuiz.ts';
import { visitorTranslator } from '../lib/visitorLanguage.ts';
import { visitorPlay } from './playEvents.ts';
import { storedOutcome } from './playOutcome.ts';
import { givenCodeExpiry } from './prizes/prizeCodeGiver.ts';

/**
 * What a result email to a respondent says (issue 35), made at each attempt of its delivery
 * (integrations/destinations/resultEmailDestination.ts sends it): the play read again (its outcome,
 * products, code and language) or the wheel's spin, so a replay sends what the respondent got; the
 * owner's subject and body, the unsubscribe link for this account and address, Powered By for free
 * accounts, the owner's name and address.
 */

/** The mail a lead's result email is, or why there is none (a failure that cannot succeed). */
export const resultEmailOf: ResultEmailComposer = async (
  destination: Pick<DestinationRow, 'accountId'>,
  event: TDomainEvent,
  deps,
) => {
  if (event.type === 'wheel.spun') return wheelPrizeEmailOf(destination, event, deps);
  if (event.type !== 'lead.captured' || event.item.tool !== 'quiz' || !event.captureId) {
    return { refused: 'Only a quiz’s lead or a wheel’s spin gets a result email.' };
  }
  const quiz = await loadPlayableQuiz(deps.db, event.item.id, {
    published: false,
    appStoreUrl: deps.services.env.SHOPIFY_APP_STORE_URL,
  });
  if (!quiz || quiz.accountId !== destination.accountId) return { refused: 'The quiz has been deleted.' };
  const play = await visitorPlay(deps.db, quiz, event.captureId, { lock: false }).catch(() => undefined);
  if (!play?.email || play.status !== 'completed') return { refused: 'The play has been deleted.' };
  const outcome = await storedOutcome(deps.db, quiz, play);
  if (outcome.status !== 'completed') return { refused: 'The play has no result.' };

  const { language, t } = await visitorTranslator(matchLanguage(play.language) ?? sourceLanguage);
  const shown = outcome.result as unknown as TQuizResult;
  const graded = shown.kind === 'graded' || shown.kind === 'range' ? shown : undefined;
  const personality = leadingPersonality(shown)?.title;
  const data: ResultEmailData = {
    name: play.name ?? '',
    result: personality || outcome.summary,
    score: graded ? (quiz.quiz.settings.scoreType === 'marks' ? String(graded.score) : `${graded.percentage}%`) : undefined,
    personality,
    products: outcome.products.map((product) => ({
      title: product.title,
      url: product.url,
      image: product.imageUrl,
      price: product.price ? `${product.price} ${product.currency ?? ''}`.trim() : null,
    })),
    prize: outcome.prize && 'code' in outcome.prize ? outcome.prize : undefined,
  };
  return mailOf(destination, deps, {
    to: play.email,
    account: quiz.account,
    texts: { subject: quiz.quiz.settings.resultEmailSubject, body: quiz.quiz.settings.resultEmailBody },
    fallbackName: quiz.quiz.title,
    data,
    language,
    t,
  });
};

/** A wheel's "Email the prize": the option drawn and its code (a unique code given since is read again) with its expiry. */
async function wheelPrizeEmailOf(
  destination: Pick<DestinationRow, 'accountId'>,
  event: Extract<TDomainEvent, { type: 'wheel.spun' }>,
  deps: Pick<DestinationDeps, 'db' | 'appUrl' | 'sessionSecret' | 'services'>,
): Promise<ResultEmail | { refused: string }> {
  const [found] = await deps.db
    .select({ wheel: wheels, spin: wheelSpins, account: accounts })
    .from(wheelSpins)
    .innerJoin(wheels, eq(wheels.id, wheelSpins.wheelId))
    .innerJoin(accounts, eq(accounts.id, wheels.accountId))
    .where(scoped(wheelSpins, destination.accountId, eq(wheelSpins.wheelId, event.item.id), eq(wheelSpins.id, event.spinId)))
    .limit(1);
  const to = found?.spin.email;
  if (!found || !to) return { refused: 'The spin has been deleted.' };
  const { wheel, spin, account } = found;
  const { language, t } = await visitorTranslator(matchLanguage(spin.language) ?? sourceLanguage);
  const code = spin.prizeCode ?? event.prize.code;
  const expiresAt = code ? await givenCodeExpiry(deps.db, wheel, code) : null;
  return mailOf(destination, deps, {
    to,
    account,
    texts: { subject: wheel.resultEmailSubject, body: wheel.resultEmailBody },
    fallbackName: wheel.description,
    data: {
      name: event.visitor?.name ?? '',
      result: spin.result,
      products: [],
      prize: code ? { code, expiresAt: expiresAt?.toISOString() ?? null } : undefined,
    },
    language,
    t,
  });
}

/** The mail made: the unsubscribe link for this account and address, Powered By for free accounts, the owner's name and address. */
async function mailOf(
  destination: Pick<DestinationRow, 'accountId'>,
  deps: Pick<DestinationDeps, 'db' | 'appUrl' | 'sessionSecret' | 'services'>,
  made: {
    to: string;
    account: Pick<typeof accounts.$inferSelect, 'kind' | 'mode' | 'companyName'>;
    texts: { subject: string; body: string };
    fallbackName: string;
    data: ResultEmailData;
    language: VisitorLanguage;
    t: Translate;
  },
): Promise<ResultEmail> {
  const footer = footerLinksFor(made.account.kind, deps.services.env.SHOPIFY_APP_STORE_URL);
  const appUrl = deps.appUrl.replace(/\/$/, '');
  const unsubscribeUrl = resultEmailUnsubscribeUrl(
    deps.appUrl,
    deps.sessionSecret,
    { accountId: destination.accountId, email: made.to },
    made.language,
  );
  const rendered = renderResultEmail({
    ...made.texts,
    data: made.data,
    t: made.t,
    language: made.language,
    unsubscribeUrl,
    poweredBy:
      made.account.mode === 'paid'
        ? null
        : {
            text: made.t('common.poweredBy'),
            url: footer.poweredBy?.startsWith('/') ? `${appUrl}${footer.poweredBy}` : footer.poweredBy,
          },
  });
  return {
    to: made.to,
    rendered,
    fromName: made.account.companyName || made.fallbackName,
    replyTo: await ownerEmail(deps.db, destination.accountId),
    unsubscribeUrl,
  };
}
