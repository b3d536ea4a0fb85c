import { eq } from 'drizzle-orm';
import { experimentMessages, type TLeadGate } from '@quizlead/shared/schemas/experiments.ts';
import type { Db } from '../../db/client.ts';
import type { CommitHooks } from '../commitHooks.ts';
import { lockedExperiment, type ExperimentRow } from '../../db/queries/experiments.ts';
import { experiments, quizzes, wheels } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import { AppError, NotFoundError, ValidationError } from '../../errors.ts';
import type { TestedItem } from './experimentStarter.ts';

/**
 * Ends a running test keeping `winner`: its value becomes the item's own (the intro text, the lead gate,
 * or the slices' weights), so every visitor sees it from now on, in the same transaction as the end.
 * The original kept changes nothing. Odds for another number of slices than the wheel has now (it was
 * edited during the test) are not applied. A quiz's players see the outcome once this commits (its cached
 * copy is dropped).
 */
export async function experimentEnder(
  deps: { db: Db } & Pick<CommitHooks, 'changed'>,
  props: { item: TestedItem; experimentId: string; winner: string },
): Promise<ExperimentRow> {
  const { db } = deps;
  const { item, experimentId, winner } = props;
  const ref = { kind: item.kind, id: item.row.id, accountId: item.row.accountId };
  const experiment = await lockedExperiment(db, ref, experimentId);
  if (!experiment) throw NotFoundError();
  if (experiment.status !== 'running') throw new AppError(409, 'conflict', experimentMessages.notRunning);
  const kept = experiment.variants.find((variant) => variant.key === winner);
  if (!kept) throw ValidationError(experimentMessages.winnerUnknown, 'winner');
  if (kept.key !== 'a') {
    if (item.kind === 'quiz') {
      const settings =
        experiment.subject === 'intro'
          ? { ...item.row.settings, welcomeMessage: String(kept.value) }
          : { ...item.row.settings, leadGate: kept.value as TLeadGate };
      await db
        .update(quizzes)
        .set({ settings, updatedAt: new Date() })
        .where(scoped(quizzes, item.row.accountId, eq(quizzes.id, item.row.id)));
    } else if (Array.isArray(kept.value) && kept.value.length === item.row.options.length) {
      const weights = kept.value;
      await db
        .update(wheels)
        .set({
          options: item.row.options.map((option, index) => ({ ...option, weight: weights[index]! })),
          updatedAt: new Date(),
        })
        .where(scoped(wheels, item.row.accountId, eq(wheels.id, item.row.id)));
    }
  }
  const [ended] = await db
    .update(experiments)
    .set({ status: 'ended', winner: kept.key, endedAt: new Date() })
    .where(scoped(experiments, item.row.accountId, eq(experiments.id, experiment.id)))
    .returning();
  if (item.kind === 'quiz') deps.changed({ quizId: item.row.id });
  return ended!;
}
