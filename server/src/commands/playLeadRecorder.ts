import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { playMessages, type TPlayOutcome, type ZLeadRequest } from '@quizlead/shared/schemas/play.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { plays } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { AppError, ValidationError } from '../errors.ts';
import type { PlayableQuiz } from '../routes/public/publicQuizzes.ts';
import { countCompletion, recordPlayEvents, type PlayRow } from './playEvents.ts';
import { storedOutcome } from './playOutcome.ts';

/**
 * The lead step of a play, on its locked row inside the step's transaction: name, email and consent
 * stored once (a retry answers the stored result), the play completed and counted, and its
 * `play.completed` and `lead.captured` events recorded with it, so the lead reaches the owner's
 * destinations exactly when the visitor's 2xx is committed.
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
  if (play.status === 'completed') return storedOutcome(db, quiz, play);
  const consentText = quiz.quiz.settings.privacyPolicyText;
  if (consentText && !lead.consent) throw ValidationError(playMessages.consentRequired, 'consent');
  const [stored] = await db
    .update(plays)
    .set({
      name: lead.name,
      email: lead.email,
      consent: lead.consent,
      consentText: consentText || null,
      leadFields: lead.fields,
      status: 'completed',
      completedAt: new Date(),
    })
    .where(scoped(plays, quiz.accountId, eq(plays.quizId, quiz.quiz.id), eq(plays.id, play.id)))
    .returning();
  await countCompletion(db, quiz, stored!, true);
  await recordPlayEvents(db, services, quiz, stored!, { email: lead.email, name: lead.name, consent: lead.consent });
  return storedOutcome(db, quiz, stored!);
}
