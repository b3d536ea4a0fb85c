import { randomInt } from 'node:crypto';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { pickWeightedIndex } from '@quizlead/shared/engagement.ts';
import type { TVariant } from '@quizlead/shared/schemas/experiments.ts';
import { emailInbox } from '@quizlead/shared/schemas/wheel.ts';
import type { Db } from '../db/client.ts';
import { lockEmail, sameEmail, sameInbox } from '../db/oncePerEmail.ts';
import { wheelSpins } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { WheelRow } from '../policies/wheel.ts';
import { uniquePrizeOf } from '../lib/spinPrize.ts';
import { wheelAnswers } from '../lib/leadAnswers.ts';
import { resultEmailOptedOut } from '../db/queries/resultEmailOptOuts.ts';
import { eventRecorder } from './eventRecorder.ts';
import { givenCodeExpiry, prizeCodeGiver } from './prizes/prizeCodeGiver.ts';
import { widgetVisitor } from './widgetEvents.ts';

type SpinRow = typeof wheelSpins.$inferSelect;

export interface Spin {
  spin: SpinRow;
  /** False when an earlier spin is the answer (a retried submission, or an email that already spun). */
  created: boolean;
  /** The email had already spun this wheel and repeats are off. */
  repeated: boolean;
  /** A unique-code slice with no code ready yet: the same submission sent again gets it once there is one. */
  prizePending: boolean;
  /** When the spin's unique code stops working, when known. */
  prizeExpiresAt: Date | null;
}

/** The weights a spin draws from: the variant's odds when it has one for each slice, else the wheel's. */
function oddsOf(wheel: WheelRow, variant: TVariant | undefined): number[] {
  const value = variant?.value;
  if (Array.isArray(value) && value.length === wheel.options.length) return value;
  return wheel.options.map((option) => option.weight);
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
 * event in the same transaction, with its prize code.
 *
 * An option with a unique-code prize gives the visitor a code of its pool (prizes/prizeCodeGiver.ts;
 * one per email per wheel, so its spins are serialised per email even with repeats allowed). When no
 * code is ready the spin stands without one (its event too) and answers pending; the same spin sent
 * again, or the email's repeat, takes a code once one is ready and keeps it on the spin.
 */
export async function wheelSpinner(props: {
  db: Db;
  wheel: WheelRow;
  submissionId: string;
  email: string | null;
  /** The optional phone (E.164) of the form before the spin and its SMS consent, when the wheel asks for one. */
  phone?: { phone: string; smsConsent: boolean } | null;
  queue: JobQueue;
  /** The A/B test of the wheel's odds running, and the visitor's variant: its weights replace the wheel's. */
  test?: { experimentId: string; variant: TVariant } | null;
  /** The language the visitor was shown, when their browser sent it. */
  language?: string | null;
  /** The visitor ticked "Email me my result" (issue 35): with the wheel's "Email the prize" on, the prize is emailed. */
  emailResult?: boolean;
}): Promise<Spin> {
  const { db, wheel, submissionId, email } = props;
  const ofWheel = (...conditions: SQL[]) =>
    scoped(wheelSpins, wheel.accountId, and(eq(wheelSpins.wheelId, wheel.id), ...conditions));
  const onePerEmail = email !== null && !wheel.allowRepeatSpins;
  const givesCodes = email !== null && wheel.options.some((option) => option.prize);
  // With tags ignored, sam+1@ and sam+2@ are one inbox: both lock and look it up, not the address.
  const inbox = email !== null && wheel.ignoreEmailTags ? emailInbox(email) : null;
  if (onePerEmail || givesCodes) await lockEmail(db, 'wheel-spin', wheel.id, inbox ?? email!);
  const award = (optionIndex: number, spinId: string) =>
    email === null
      ? Promise.resolve(null)
      : prizeCodeGiver({
          db,
          queue: props.queue,
          item: { kind: 'wheel', id: wheel.id, accountId: wheel.accountId, ignoreEmailTags: wheel.ignoreEmailTags },
          slot: String(optionIndex),
          prize: wheel.options[optionIndex]?.prize,
          email,
          submissionId: spinId,
        });
  // An earlier spin without its unique code takes one now, if one is ready.
  const answer = async (spin: SpinRow, repeated: boolean): Promise<Spin> => {
    if (!uniquePrizeOf(wheel, spin)) {
      return { spin, created: false, repeated, prizePending: false, prizeExpiresAt: null };
    }
    if (spin.prizeCode !== null) {
      const prizeExpiresAt = await givenCodeExpiry(db, wheel, spin.prizeCode);
      return { spin, created: false, repeated, prizePending: false, prizeExpiresAt };
    }
    const prize = await award(spin.optionIndex, spin.id);
    if (!prize || 'pending' in prize)
      return { spin, created: false, repeated, prizePending: prize !== null, prizeExpiresAt: null };
    const [updated] = await db
      .update(wheelSpins)
      .set({ prizeCode: prize.code })
      .where(ofWheel(eq(wheelSpins.id, spin.id)))
      .returning();
    return { spin: updated ?? spin, created: false, repeated, prizePending: false, prizeExpiresAt: prize.expiresAt };
  };
  const bySubmission = () =>
    db
      .select()
      .from(wheelSpins)
      .where(ofWheel(eq(wheelSpins.id, submissionId)))
      .limit(1);
  const [retried] = await bySubmission();
  if (retried) return answer(retried, false);
  if (onePerEmail) {
    const [first] = await db
      .select()
      .from(wheelSpins)
      .where(ofWheel(inbox === null ? sameEmail(wheelSpins.email, email) : sameInbox(wheelSpins.email, inbox)))
      .orderBy(asc(wheelSpins.createdAt), asc(wheelSpins.id))
      .limit(1);
    if (first) return answer(first, true);
  }
  const weights = oddsOf(wheel, props.test?.variant);
  const optionIndex = pickWeightedIndex(weights, cryptoUnit());
  const option = wheel.options[optionIndex]!;
  const prize = await award(optionIndex, submissionId);
  const prizeCode = prize && 'code' in prize ? prize.code : option.prizeCode || null;
  const [inserted] = await db
    .insert(wheelSpins)
    .values({
      wheelId: wheel.id,
      id: submissionId,
      accountId: wheel.accountId,
      email,
      phone: props.phone?.phone || null,
      smsConsent: Boolean(props.phone?.phone && props.phone.smsConsent),
      optionIndex,
      result: option.text,
      prizeCode,
      experimentId: props.test?.experimentId ?? null,
      variant: props.test?.variant.key ?? null,
      language: props.language ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await eventRecorder({
      db,
      queue: props.queue,
      // An address that unsubscribed from the account's result emails gets no delivery at all.
      resultEmail:
        wheel.resultEmail &&
        email !== null &&
        Boolean(props.emailResult) &&
        !(await resultEmailOptedOut(db, wheel.accountId, email)),
      event: {
        type: 'wheel.spun',
        version: 1,
        occurredAt: inserted.createdAt.toISOString(),
        accountId: wheel.accountId,
        item: { tool: 'wheel', id: wheel.id, title: wheel.description },
        answers: wheelAnswers(wheel.description, { index: optionIndex, text: option.text }),
        spinId: inserted.id,
        prize: { index: optionIndex, text: option.text, ...(prizeCode ? { code: prizeCode } : {}) },
        ...widgetVisitor(email, props.phone),
      },
    });
    return {
      spin: inserted,
      created: true,
      repeated: false,
      prizePending: prize !== null && 'pending' in prize,
      prizeExpiresAt: prize && 'code' in prize ? prize.expiresAt : null,
    };
  }
  // The same submission id raced this one and won: its draw is the answer.
  const [stored] = await bySubmission();
  return answer(stored!, false);
}
