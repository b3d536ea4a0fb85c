import { randomInt } from 'node:crypto';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { pickWeightedIndex } from '@quizlead/shared/engagement.ts';
import { emailInbox } from '@quizlead/shared/schemas/wheel.ts';
import type { Db } from '../db/client.ts';
import { lockEmail, sameEmail, sameInbox } from '../db/oncePerEmail.ts';
import { wheelSpins } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { WheelRow } from '../policies/wheel.ts';
import { eventRecorder } from './eventRecorder.ts';
import { widgetVisitor } from './widgetEvents.ts';

type SpinRow = typeof wheelSpins.$inferSelect;

export interface Spin {
  spin: SpinRow;
  /** False when an earlier spin is the answer (a retried submission, or an email that already spun). */
  created: boolean;
  /** The email had already spun this wheel and repeats are off. */
  repeated: boolean;
}

/** randomInt draws below a range of at most 2^48 - 1. */
const unitRange = 2 ** 48 - 1;
/** A uniform number in [0, 1) from the operating system's cryptographic source. */
const cryptoUnit = () => randomInt(unitRange) / unitRange;

/**
 * The server's draw for a visitor: each option wins with its weight's share of the total (every option
 * can win). A submission id spins once; without allowRepeatSpins an email spins once (case-insensitive,
 * and with ignoreEmailTags one inbox whatever its +tags or Gmail dots), serialised per wheel and email
 * (db/oncePerEmail.ts), and later spins answer the first one. A new spin records its `wheel.spun`
 * event in the same transaction.
 */
export async function wheelSpinner(props: {
  db: Db;
  wheel: WheelRow;
  submissionId: string;
  email: string | null;
  queue: JobQueue;
}): Promise<Spin> {
  const { db, wheel, submissionId, email } = props;
  const ofWheel = (...conditions: SQL[]) =>
    scoped(wheelSpins, wheel.accountId, and(eq(wheelSpins.wheelId, wheel.id), ...conditions));
  const onePerEmail = email !== null && !wheel.allowRepeatSpins;
  // With tags ignored, sam+1@ and sam+2@ are one inbox: both lock and look it up, not the address.
  const inbox = onePerEmail && wheel.ignoreEmailTags ? emailInbox(email) : null;
  if (onePerEmail) await lockEmail(db, 'wheel-spin', wheel.id, inbox ?? email);
  const bySubmission = () =>
    db
      .select()
      .from(wheelSpins)
      .where(ofWheel(eq(wheelSpins.id, submissionId)))
      .limit(1);
  const [retried] = await bySubmission();
  if (retried) return { spin: retried, created: false, repeated: false };
  if (onePerEmail) {
    const [first] = await db
      .select()
      .from(wheelSpins)
      .where(ofWheel(inbox === null ? sameEmail(wheelSpins.email, email) : sameInbox(wheelSpins.email, inbox)))
      .orderBy(asc(wheelSpins.createdAt), asc(wheelSpins.id))
      .limit(1);
    if (first) return { spin: first, created: false, repeated: true };
  }
  const optionIndex = pickWeightedIndex(
    wheel.options.map((option) => option.weight),
    cryptoUnit(),
  );
  const option = wheel.options[optionIndex]!;
  const [inserted] = await db
    .insert(wheelSpins)
    .values({
      wheelId: wheel.id,
      id: submissionId,
      accountId: wheel.accountId,
      email,
      optionIndex,
      result: option.text,
      prizeCode: option.prizeCode || null,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await eventRecorder({
      db,
      queue: props.queue,
      event: {
        type: 'wheel.spun',
        version: 1,
        occurredAt: inserted.createdAt.toISOString(),
        accountId: wheel.accountId,
        item: { tool: 'wheel', id: wheel.id, title: wheel.description },
        spinId: inserted.id,
        prize: { index: optionIndex, text: option.text, ...(option.prizeCode ? { code: option.prizeCode } : {}) },
        ...widgetVisitor(email),
      },
    });
    return { spin: inserted, created: true, repeated: false };
  }
  // The same submission id raced this one and won: its draw is the answer.
  const [stored] = await bySubmission();
  return { spin: stored!, created: false, repeated: false };
}
