import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { playMessages, type TPlayOutcome, type ZLeadRequest } from '@quizlead/shared/schemas/play.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { AppError, ValidationError } from '../errors.ts';
import type { PlayableQuiz } from '../lib/playableQuiz.ts';
import { resultEmailOptedOut } from '../db/queries/resultEmailOptOuts.ts';
import { recordPlayEvents, storedPlayCounts, visitorPlay, type PlayRow } from './playEvents.ts';
import {
  leadGateNames,
  leadGateValues,
  leadStillOffered,
  leadStillOfferedSql,
  outcomePrizeGiver,
  storedOutcome,
  type OutcomePlay,
} from './playOutcome.ts';

/** The play as the lead step wrote it. */
type LeadPlay = OutcomePlay & Pick<PlayRow, 'completedAt'> & { completedNow: boolean };

// tenant-scope: a visitor's play, named by its signed play token (quiz and play id), in the quiz's account
const leadStatement = preparedStatement(
  [
    'accountId',
    'quizId',
    'playId',
    'name',
    'email',
    'consent',
    'consentText',
    'consented',
    'phone',
    'smsConsent',
    'fields',
    'language',
    'now',
    ...leadGateNames,
  ],
  (value) => sql`
    with previous as (
      select status from plays
      where account_id = ${value.accountId} and quiz_id = ${value.quizId} and id = ${value.playId}
      for update
    ), stored as (
      update plays set name = ${value.name}, email = ${value.email}, consent = ${value.consent},
        consent_text = ${value.consentText}, phone = ${value.phone}, sms_consent = ${value.smsConsent}::boolean,
        lead_fields = ${value.fields}::jsonb, language = coalesce(${value.language}, plays.language),
        status = 'completed', completed_at = coalesce(plays.completed_at, ${value.now}::timestamptz)
      from previous
      where plays.account_id = ${value.accountId} and plays.quiz_id = ${value.quizId} and plays.id = ${value.playId}
        and ${value.consented}::boolean
        and (previous.status = 'answered' or (previous.status = 'completed' and ${leadStillOfferedSql(value)}))
      returning plays.account_id, plays.preview, plays.percentage, previous.status = 'answered' as completed_now,
        plays.status, plays.answers, plays.result, plays.result_summary, plays.email, plays.experiment_id,
        plays.variant, plays.completed_at
    ), counted as (${storedPlayCounts(value.quizId, { lead: true })})
    select status, preview, answers, result, result_summary as "resultSummary", email, experiment_id as "experimentId",
      variant, completed_at as "completedAt", completed_now as "completedNow"
    from stored`,
);

/**
 * The lead step of a play (before the result, or offered after it), inside the step's transaction: name,
 * email and consent stored once (a retry answers the stored result), the play completed and counted, and
 * its `play.completed` and `lead.captured` events recorded with it, so the lead reaches the owner's
 * destinations exactly when the visitor's 2xx is committed. An outcome with a unique-code prize gives
 * the email its code here, and the lead carries it.
 *
 * The lead, the lock on the play and its count are one statement; only a lead it did not take (no
 * answers yet, a retry, no consent) reads the play again to say why.
 */
export async function playLeadRecorder(props: {
  db: Db;
  services: Services;
  quiz: PlayableQuiz;
  playId: string;
  lead: z.infer<typeof ZLeadRequest>;
}): Promise<TPlayOutcome> {
  const { db, services, quiz, playId, lead } = props;
  const consentText = quiz.quiz.settings.privacyPolicyText || null;
  const consented = !consentText || lead.consent === true;
  // SMS consent is for a number: without one, the checkbox means nothing.
  const smsConsent = lead.phone !== '' && lead.smsConsent;
  const now = new Date().toISOString();
  const written = await leadStatement.rows<Omit<LeadPlay, 'id' | 'completedAt'> & { completedAt: string | Date }>(db, {
    accountId: quiz.accountId,
    quizId: quiz.quiz.id,
    playId,
    name: lead.name,
    email: lead.email,
    consent: lead.consent,
    consentText,
    consented,
    phone: lead.phone || null,
    smsConsent,
    fields: JSON.stringify(lead.fields),
    language: lead.language ?? null,
    now,
    ...leadGateValues(quiz),
  });
  const [row] = written;
  if (!row) return leadNotTaken(db, services, quiz, playId);

  // The driver gives a timestamp as text (node-postgres under drizzle) or as a Date (PGlite).
  const stored: LeadPlay = { ...row, id: playId, completedAt: new Date(row.completedAt) };
  const prize = await outcomePrizeGiver(db, services.queue, quiz, stored);
  const outcome = await storedOutcome(db, quiz, stored, prize);
  const visitor = {
    email: lead.email,
    name: lead.name,
    consent: lead.consent,
    ...(lead.phone ? { phone: lead.phone, smsConsent } : {}),
  };
  // The lead carries what the result gave: the code and the recommended products.
  const extras = {
    prizeCode: prize && 'code' in prize ? prize.code : undefined,
    products: outcome.status === 'completed' ? outcome.products.map((product) => product.title).join(', ') : undefined,
  };
  // A lead after the result joins a play whose `play.completed` the answers step recorded.
  await recordPlayEvents(db, services, quiz, stored, visitor, {
    completed: stored.completedNow,
    fields: lead.fields,
    resultEmail: await resultEmailWanted(db, quiz, lead),
    ...extras,
  });
  return outcome;
}

/**
 * Whether the lead gets its result by email (issue 35): the quiz's switch on, and the visitor ticked the
 * consent box (a quiz with a privacy text) or "Email me my result". An address that unsubscribed from the
 * account's result emails gets no delivery at all (nothing to skip later).
 */
async function resultEmailWanted(db: Db, quiz: PlayableQuiz, lead: z.infer<typeof ZLeadRequest>): Promise<boolean> {
  if (!quiz.quiz.settings.resultEmail) return false;
  const consented = quiz.quiz.settings.privacyPolicyText.trim() !== '' && lead.consent === true;
  if (!consented && !lead.emailResult) return false;
  return !(await resultEmailOptedOut(db, quiz.accountId, lead.email));
}

/**
 * Why the lead was not taken, on the play locked: no play (401), no answers yet (409), a retry of a
 * lead already taken (its outcome again, and a code that was not ready the first time is given now if
 * it is), or else the consent the quiz asks for was not given (400).
 */
async function leadNotTaken(db: Db, services: Services, quiz: PlayableQuiz, playId: string): Promise<TPlayOutcome> {
  const play = await visitorPlay(db, quiz, playId, { lock: true });
  if (play.status === 'started') throw new AppError(409, 'conflict', playMessages.answersFirst);
  if (play.status === 'completed' && !leadStillOffered(quiz, play)) {
    return storedOutcome(db, quiz, play, await outcomePrizeGiver(db, services.queue, quiz, play));
  }
  throw ValidationError(playMessages.consentRequired, 'consent');
}
