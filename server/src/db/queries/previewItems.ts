import { and, desc, eq } from 'drizzle-orm';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import type { TPreviewItemKind } from '@quizlead/shared/schemas/destinationPreview.ts';
import type { Db } from '../client.ts';
import { feedbacks, polls, quizzes, wheels } from '../schema/index.ts';
import { scoped } from '../scope.ts';
import { loadQuestions } from './quizzes.ts';

/**
 * The owner's items as Settings' destination preview uses them (issue 33): the picker's list and the one
 * item a sample lead is made from, with what the sample needs (a quiz's questions, a poll's options…).
 */

/** How many of each kind the picker lists, most recent first. */
const listed = 50;

export interface PreviewItemRef {
  kind: TPreviewItemKind;
  id: string;
  title: string;
}

export type PreviewItem =
  | (PreviewItemRef & {
      kind: 'quiz';
      questions: TQuestion[];
      crmTag: string;
      askPhone: boolean;
      outcome: string | undefined;
    })
  | (PreviewItemRef & { kind: 'poll'; options: string[]; askPhone: false })
  | (PreviewItemRef & {
      kind: 'feedback';
      question: string;
      feelingType: 'emotion' | 'star' | 'thumb' | 'scale';
      askPhone: false;
    })
  | (PreviewItemRef & { kind: 'wheel'; options: { text: string }[]; askPhone: boolean });

/** Every kind's recent items: quizzes first (the default item is the most recent quiz), then polls, web responses, wheels. */
export async function listPreviewItems(db: Db, accountId: string): Promise<PreviewItemRef[]> {
  const [quizRows, pollRows, feedbackRows, wheelRows] = await Promise.all([
    db
      .select({ id: quizzes.id, title: quizzes.title })
      .from(quizzes)
      .where(and(scoped(quizzes, accountId), eq(quizzes.isTemplate, false)))
      .orderBy(desc(quizzes.updatedAt))
      .limit(listed),
    db
      .select({ id: polls.id, title: polls.description })
      .from(polls)
      .where(scoped(polls, accountId))
      .orderBy(desc(polls.updatedAt))
      .limit(listed),
    db
      .select({ id: feedbacks.id, title: feedbacks.title })
      .from(feedbacks)
      .where(scoped(feedbacks, accountId))
      .orderBy(desc(feedbacks.updatedAt))
      .limit(listed),
    db
      .select({ id: wheels.id, title: wheels.description })
      .from(wheels)
      .where(scoped(wheels, accountId))
      .orderBy(desc(wheels.updatedAt))
      .limit(listed),
  ]);
  return [
    ...quizRows.map((row) => ({ kind: 'quiz' as const, ...row })),
    ...pollRows.map((row) => ({ kind: 'poll' as const, ...row })),
    ...feedbackRows.map((row) => ({ kind: 'feedback' as const, ...row })),
    ...wheelRows.map((row) => ({ kind: 'wheel' as const, ...row })),
  ];
}

/** The account's item of that kind and id, or undefined (another account's, or none). */
export async function findPreviewItem(
  db: Db,
  accountId: string,
  kind: TPreviewItemKind,
  id: string,
): Promise<PreviewItem | undefined> {
  switch (kind) {
    case 'quiz': {
      const [quiz] = await db
        .select()
        .from(quizzes)
        .where(and(scoped(quizzes, accountId, eq(quizzes.id, id)), eq(quizzes.isTemplate, false)));
      if (!quiz) return undefined;
      return {
        kind,
        id: quiz.id,
        title: quiz.title,
        questions: await loadQuestions(db, quiz.id),
        crmTag: quiz.settings.crmTag ?? '',
        askPhone: Boolean(quiz.settings.collectEmail && quiz.settings.askPhone),
        outcome: quiz.personalities[0]?.title,
      };
    }
    case 'poll': {
      const [poll] = await db
        .select()
        .from(polls)
        .where(scoped(polls, accountId, eq(polls.id, id)));
      return poll && { kind, id: poll.id, title: poll.description, options: poll.options, askPhone: false };
    }
    case 'feedback': {
      const [feedback] = await db
        .select()
        .from(feedbacks)
        .where(scoped(feedbacks, accountId, eq(feedbacks.id, id)));
      return (
        feedback && {
          kind,
          id: feedback.id,
          title: feedback.title,
          question: feedback.question,
          feelingType: feedback.feelingType,
          askPhone: false,
        }
      );
    }
    case 'wheel': {
      const [wheel] = await db
        .select()
        .from(wheels)
        .where(scoped(wheels, accountId, eq(wheels.id, id)));
      return wheel && { kind, id: wheel.id, title: wheel.description, options: wheel.options, askPhone: wheel.askPhone };
    }
  }
}
