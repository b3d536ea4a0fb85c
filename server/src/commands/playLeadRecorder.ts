import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { playMessages, type TPlayOutcome, type ZLeadRequest } from '@quizlead/shared/schemas/play.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { AppError, ValidationError } from '../errors.ts';
import type { PlayableQuiz } from '../lib/playableQuiz.ts';
import { playCounts, recordPlayEvents, type PlayRow } from './playEvents.ts';
import { leadStillOffered, outcomePrizeGiver, storedOutcome } from './playOutcome.ts';

/**
 * The lead step of a play (before the result, or offered after it), on its locked row inside the step's transaction: name, email and consent
 * stored once (a retry answers the stored result), the play completed and counted, and its
 * `play.completed` and `lead.captured` events recorded with it, so the lead reaches the owner's
 * destinations exactly when the visitor's 2xx is committed. An outcome with a unique-code prize gives
 * the email its code here, and the lead carries it.
 */
export async function playLeadRecorder(props: {
  db: Db;
  services: Services;
  quiz: PlayableQuiz;
  play: PlayRow;
  lead: z.infer<typeof ZLeadRequest>;
}): Promise<TPlayOutcome> {
  const { db, services, quiz, play, lead } = props;
  if (play.status === 'started') throw new AppError(409, 'conflict', playMessages.answersFirst);
  // After the result (the lead gate after it) the play is already complete: the lead is taken once.
  const afterResult = play.status === 'completed' && leadStillOffered(quiz, play);
  // A retry: the same outcome, and a code that was not ready the first time is given now if it is.
  if (play.status === 'completed' && !afterResult) {
    return storedOutcome(db, quiz, play, await outcomePrizeGiver(db, services.queue, quiz, play));
  }
  const consentText = quiz.quiz.settings.privacyPolicyText;
  if (consentText && !lead.consent) throw ValidationError(playMessages.consentRequired, 'consent');
  const stored: PlayRow = {
    ...play,
    name: lead.name,
    email: lead.email,
    consent: lead.consent,
    consentText: consentText || null,
    leadFields: lead.fields,
    status: 'completed',
    completedAt: afterResult ? play.completedAt : new Date(),
  };
  // One statement: the lead, and what it counts (a lead after the result counts only as a lead).
  const counts = playCounts(stored, { completed: !afterResult, lead: true });
  // tenant-scope: a visitor's play, named by its signed play token (quiz and play id), in the quiz's account
  await db.execute(sql`
    with stored as (
      update plays set name = ${stored.name}, email = ${stored.email}, consent = ${stored.consent},
        consent_text = ${stored.consentText}, lead_fields = ${JSON.stringify(stored.leadFields)}::jsonb,
        status = 'completed', completed_at = ${stored.completedAt!.toISOString()}::timestamptz
      where account_id = ${quiz.accountId} and quiz_id = ${quiz.quiz.id} and id = ${play.id}
      returning account_id
    )
    insert into play_stat_deltas (quiz_id, account_id, completions, leads, scored, percentage_sum)
    select ${quiz.quiz.id}::uuid, account_id, ${counts.completions}::int, ${counts.leads}::int, ${counts.scored}::int,
      ${counts.percentageSum}::float8
    from stored where not ${play.preview}::boolean`);
  const prize = await outcomePrizeGiver(db, services.queue, quiz, stored);
  const outcome = await storedOutcome(db, quiz, stored, prize);
  const visitor = { email: lead.email, name: lead.name, consent: lead.consent };
  // The lead carries what the result gave: the code and the recommended products.
  const extras = {
    prizeCode: prize && 'code' in prize ? prize.code : undefined,
    products: outcome.status === 'completed' ? outcome.products.map((product) => product.title).join(', ') : undefined,
  };
  await recordPlayEvents(db, services, quiz, stored, visitor, { completed: !afterResult, ...extras });
  return outcome;
}
