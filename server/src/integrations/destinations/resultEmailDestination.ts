import { leadingPersonality, type TQuizResult } from '@quizlead/shared/engine/index.ts';
import { matchLanguage, sourceLanguage, type VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import type { Translate } from '@quizlead/shared/i18n/translate.ts';
import { eq } from 'drizzle-orm';
import { footerLinksFor } from '@quizlead/shared/poweredBy.ts';
import { renderResultEmail, type RenderedResultEmail, type ResultEmailData } from '@quizlead/shared/resultEmail.ts';
import { deliveryMessages } from '@quizlead/shared/schemas/deliveries.ts';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { storedOutcome } from '../../commands/playOutcome.ts';
import { visitorPlay } from '../../commands/playEvents.ts';
import { givenCodeExpiry } from '../../commands/prizes/prizeCodeGiver.ts';
import { ownerEmail } from '../../db/queries/owner.ts';
import { accounts, wheelSpins, wheels } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import { resultEmailOptedOut } from '../../db/queries/resultEmailOptOuts.ts';
import { loadPlayableQuiz } from '../../lib/playableQuiz.ts';
import { visitorTranslator } from '../../lib/visitorLanguage.ts';
import { unsubscribeHeaders } from '../mail/leadNotification.ts';
import { resultEmailUnsubscribeUrl } from '../mail/resultEmailUnsubscribe.ts';
import type { AttemptOutcome, DestinationDeps, DestinationHandler, DestinationRow } from './destination.ts';
import { mailRequest } from './emailDestination.ts';

/**
 * The result email to a respondent (issue 35) as a destination: one row per account, made by the first
 * play that asks for one; a delivery only for a lead that asked (consent or "Email me my result", with the
 * quiz's switch on: commands/eventRecorder.ts). Each attempt reads the play again (its outcome, products,
 * code and language), so a replay sends what the respondent got; an address that unsubscribed since gets
 * nothing and the delivery says why. From the product's sender under the owner's name, Reply-To the owner.
 */

type Mail = { to: string; rendered: RenderedResultEmail; fromName: string; replyTo: string | undefined; unsubscribeUrl: string };

/** The mail a lead's result email is, or why there is none (a failure that cannot succeed). */
export async function resultEmailOf(
  destination: Pick<DestinationRow, 'accountId'>,
  event: TDomainEvent,
  deps: Pick<DestinationDeps, 'db' | 'appUrl' | 'sessionSecret' | 'services'>,
): Promise<Mail | { refused: string }> {
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
}

/** A wheel's "Email the prize": the option drawn and its code (a unique code given since is read again) with its expiry. */
async function wheelPrizeEmailOf(
  destination: Pick<DestinationRow, 'accountId'>,
  event: Extract<TDomainEvent, { type: 'wheel.spun' }>,
  deps: Pick<DestinationDeps, 'db' | 'appUrl' | 'sessionSecret' | 'services'>,
): Promise<Mail | { refused: string }> {
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
): Promise<Mail> {
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

export const resultEmailDestination: DestinationHandler = {
  async attempt({ destination, event, lead }, deps): Promise<AttemptOutcome> {
    if (await resultEmailOptedOut(deps.db, destination.accountId, lead.email)) {
      return { ok: false, retryable: false, message: deliveryMessages.respondentUnsubscribed, exchange: [] };
    }
    const mail = await resultEmailOf(destination, event, deps);
    if ('refused' in mail) return { ok: false, retryable: false, message: mail.refused, exchange: [] };
    // The log keeps the subject and the address, not the body: it holds the respondent's result.
    const request = mailRequest(mail.to, mail.rendered.subject, 'The result email (its body is not kept in the log).');
    try {
      await deps.mailer.send({
        to: mail.to,
        subject: mail.rendered.subject,
        text: mail.rendered.text,
        html: mail.rendered.html,
        fromName: mail.fromName,
        replyTo: mail.replyTo,
        headers: unsubscribeHeaders({ unsubscribeUrl: mail.unsubscribeUrl }),
      });
    } catch (error) {
      return {
        ok: false,
        retryable: true,
        message: `The mail to ${mail.to} could not be sent: ${(error as Error).message}`,
        exchange: [{ request }],
      };
    }
    return { ok: true, exchange: [{ request, response: { status: 250, headers: {}, body: 'accepted' } }] };
  },
};
