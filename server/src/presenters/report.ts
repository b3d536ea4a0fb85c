import { resultKindOf, visibleText } from '@quizlead/shared/engine/index.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import type { TAnswerSheet, TRespondentRow, TQuizReport } from '@quizlead/shared/schemas/reports.ts';
import type { RespondentRow, PlayRow, QuizTotals } from '../db/queries/reports.ts';
import type { QuizRow } from '../policies/quiz.ts';

/** One decimal, as the report shows it. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Types whose plays have a percentage (graded and range results): the others have no average score. */
const scoresPercentage = (quiz: Pick<QuizRow, 'quizType'>) => {
  const kind = resultKindOf[quiz.quizType];
  return kind === 'graded' || kind === 'range';
};

export function presentQuizReport(
  quiz: QuizRow,
  totals: QuizTotals,
  questions: readonly TQuestion[],
  dropOff: ReadonlyMap<string, { reached: number; answered: number }>,
): Omit<TQuizReport, 'revenue'> {
  return {
    quiz: { id: quiz.id, title: quiz.title, quizType: quiz.quizType, status: quiz.status },
    kpis: {
      views: totals.views,
      starts: totals.starts,
      completions: totals.completions,
      completionRate: totals.starts > 0 ? oneDecimal((totals.completions / totals.starts) * 100) : 0,
      leads: totals.leads,
      averageScore: scoresPercentage(quiz) && totals.scored > 0 ? oneDecimal(totals.percentageSum / totals.scored) : null,
    },
    questions: questions.map((question, index) => ({
      id: question.id,
      position: index + 1,
      title: visibleText(question.title),
      reached: dropOff.get(question.id)?.reached ?? 0,
      answered: dropOff.get(question.id)?.answered ?? 0,
    })),
  };
}

export const presentRespondent = (row: RespondentRow): TRespondentRow => ({
  id: row.id,
  email: row.email,
  name: row.name,
  result: row.resultSummary ?? '',
  playedAt: (row.completedAt ?? new Date(0)).toISOString(),
  country: row.country,
  state: row.state,
  city: row.city,
  language: row.language,
});

/**
 * One play with the questions it answered, in quiz order, every option listed and the picked ones
 * marked. Questions removed from the quiz since are left out; a play without answers has none.
 */
export function presentAnswerSheet(
  play: PlayRow,
  quiz: Pick<QuizRow, 'id' | 'title' | 'quizType'>,
  questions: readonly TQuestion[],
): TAnswerSheet {
  const answers = play.answers ?? {};
  return {
    play: {
      id: play.id,
      quizId: quiz.id,
      quizTitle: quiz.title,
      quizType: quiz.quizType,
      playedAt: (play.completedAt ?? play.answeredAt ?? play.startedAt).toISOString(),
      result: play.resultSummary ?? '',
      email: play.email,
      name: play.name,
      country: play.country,
      state: play.state,
      city: play.city,
    },
    questions: questions
      .map((question, index) => ({ question, position: index + 1 }))
      .filter(({ question }) => Object.hasOwn(answers, question.id))
      .map(({ question, position }) => {
        const picked = new Set(answers[question.id]);
        return {
          id: question.id,
          position,
          title: visibleText(question.title),
          image: question.image,
          answers: question.answers.map((answer) => ({
            id: answer.id,
            text: answer.text,
            image: answer.image,
            selected: picked.has(answer.id),
          })),
        };
      }),
  };
}
