import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { playMessages, type TPlayOutcome, type ZLeadRequest } from '@quizlead/shared/schemas/play.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { AppError, ValidationError } from '../errors.ts';
import type { PlayableQuiz } from '../lib/playableQuiz.ts';
import { recordPlayEvents, storedPlayCounts, visitorPlay, type PlayRow } from './playEvents.ts';
import { leadStillOffered, leadStillOfferedSql, outcomePrizeGiver, storedOutcome, type OutcomePlay } from './playOutcome.ts';

/** The play as the lead step wrote it. */
type LeadPlay = OutcomePlay & Pick<PlayRow, 'completedAt'> & { completedNow: boolean };

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
  const now = new Date().toISOString();
  // tenant-scope: a visitor's play, named by its signed play token (quiz and play id), in the quiz's account
  const written = await executePrepared<Omit<LeadPlay, 'id' | 'completedAt'> & { completedAt: string | Date }>(
    db,
    sql`
    with previous as (
      select status from plays
      where account_id = ${quiz.accountId} and quiz_id = ${quiz.quiz.id} and id = ${playId}
      for update
    ), stored as (
      update plays set name = ${lead.name}, email = ${lead.email}, consent = ${lead.consent},
        consent_text = ${consentText}, lead_fields = ${JSON.stringify(lead.fields)}::jsonb,
        status = 'completed', completed_at = coalesce(plays.completed_at, ${now}::timestamptz)
      from previous
      where plays.account_id = ${quiz.accountId} and plays.quiz_id = ${quiz.quiz.id} and plays.id = ${playId}
        and ${consented}::boolean
        and (previous.status = 'answered' or (previous.status = 'completed' and ${leadStillOfferedSql(quiz)}))
      returning plays.account_id, plays.preview, plays.percentage, previous.status = 'answered' as completed_now,
        plays.status, plays.answers, plays.result, plays.result_summary, plays.email, plays.experiment_id,
        plays.variant, plays.completed_at
    ), counted as (${storedPlayCounts(quiz.quiz.id, { lead: true })})
    select status, preview, answers, result, result_summary as "resultSummary", email, experiment_id as "experimentId",
      variant, completed_at as "completedAt", completed_now as "completedNow"
    from stored`,
  );
  const [row] = written;
  if (!row) return leadNotTaken(db, services, quiz, playId);

  // The driver gives a timestamp as text (node-postgres under drizzle) or as a Date (PGlite).
  const stored: LeadPlay = { ...row, id: playId, completedAt: new Date(row.completedAt) };
  const prize = await outcomePrizeGiver(db, services.queue, quiz, stored);
  const outcome = await storedOutcome(db, quiz, stored, prize);
  const visitor = { email: lead.email, name: lead.name, consent: lead.consent };
  // The lead carries what the result gave: the code and the recommended products.
  const extras = {
    prizeCode: prize && 'code' in prize ? prize.code : undefined,
    products: outcome.status === 'completed' ? outcome.products.map((product) => product.title).join(', ') : undefined,
  };
  // A lead after the result joins a play whose `play.completed` the answers step recorded.
  await recordPlayEvents(db, services, quiz, stored, visitor, { completed: stored.completedNow, ...extras });
  return outcome;
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
