import { experimentMessages, variantKeys, type TExperimentInput, type TVariant } from '@quizlead/shared/schemas/experiments.ts';
import type { Db } from '../../db/client.ts';
import type { CommitHooks } from '../commitHooks.ts';
import { runningExperiment, type ExperimentRow } from '../../db/queries/experiments.ts';
import { experiments } from '../../db/schema/index.ts';
import { AppError, ValidationError } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import type { QuizRow } from '../../policies/quiz.ts';
import type { WheelRow } from '../../policies/wheel.ts';

/** What a test is run on: a quiz (its intro text or lead gate) or a wheel (its odds), locked by the caller. */
export type TestedItem = { kind: 'quiz'; row: QuizRow } | { kind: 'wheel'; row: WheelRow };

/** The item's value of `subject` now: what the original variant shows. */
export function currentValue(item: TestedItem, subject: TExperimentInput['subject']): TVariant['value'] {
  if (item.kind === 'wheel') return item.row.options.map((option) => option.weight);
  return subject === 'intro' ? item.row.settings.welcomeMessage : item.row.settings.leadGate;
}

/**
 * Starts an A/B test on a locked item: one at a time per item (409 while one runs). The first variant
 * is the original, so its value is the item's own, whatever was sent; the others are checked against
 * the item (a lead gate needs the email collected, odds need a weight per slice) and rich text is
 * sanitised as the builder's is. A quiz's players see the test once this commits (its cached copy is dropped).
 */
export async function experimentStarter(
  deps: { db: Db } & Pick<CommitHooks, 'changed'>,
  props: { item: TestedItem; input: TExperimentInput },
): Promise<ExperimentRow> {
  const { db } = deps;
  const { item, input } = props;
  const allowed = item.kind === 'quiz' ? input.subject === 'intro' || input.subject === 'leadGate' : input.subject === 'odds';
  if (!allowed) throw ValidationError(experimentMessages.subjectNotForKind, 'subject');
  if (item.kind === 'quiz' && input.subject === 'leadGate' && !item.row.settings.collectEmail) {
    throw ValidationError(experimentMessages.needsEmail, 'subject');
  }
  const ref = { kind: item.kind, id: item.row.id, accountId: item.row.accountId };
  if (await runningExperiment(db, ref)) throw new AppError(409, 'conflict', experimentMessages.alreadyRunning);
  const variants = input.variants.map((variant, index): TVariant => {
    const value = index === 0 ? currentValue(item, input.subject) : variant.value;
    if (item.kind === 'wheel' && (!Array.isArray(value) || value.length !== item.row.options.length)) {
      throw ValidationError(experimentMessages.weightsCount, `variants.${index}.value`);
    }
    return {
      key: variantKeys[index]!,
      name: variant.name,
      share: variant.share,
      value: input.subject === 'intro' && typeof value === 'string' ? sanitizeRichText(value) : value,
    };
  });
  const [row] = await db
    .insert(experiments)
    .values({
      accountId: item.row.accountId,
      quizId: item.kind === 'quiz' ? item.row.id : null,
      wheelId: item.kind === 'wheel' ? item.row.id : null,
      subject: input.subject,
      variants,
    })
    .returning();
  if (item.kind === 'quiz') deps.changed({ quizId: item.row.id });
  return row!;
}
