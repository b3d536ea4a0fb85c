import type { TQuestion, TQuizDetail, TQuizListRow, TTemplateCard } from '@quizlead/shared/schemas/quiz.ts';
import { storedRecommendations } from '@quizlead/shared/schemas/recommendations.ts';
import type { QuizRow } from '../policies/quiz.ts';

/** What the quiz list and the builder both show of a quiz. */
const quizHeading = (quiz: QuizRow) => ({
  id: quiz.id,
  title: quiz.title,
  quizType: quiz.quizType,
  status: quiz.status,
  slug: quiz.slug,
  fromTemplate: quiz.fromTemplate,
});

export const presentQuiz = (quiz: QuizRow, questions: TQuestion[]): TQuizDetail => ({
  ...quizHeading(quiz),
  settings: quiz.settings,
  personalities: quiz.personalities,
  categories: quiz.categories,
  branching: quiz.branching,
  productRecommendations: storedRecommendations(quiz.productRecommendations),
  outcomePrizes: quiz.outcomePrizes,
  questions,
  createdAt: quiz.createdAt.toISOString(),
  updatedAt: quiz.updatedAt.toISOString(),
  publishedAt: quiz.publishedAt?.toISOString() ?? null,
});

export const presentQuizRow = (quiz: QuizRow & { questionCount: number }): TQuizListRow => ({
  ...quizHeading(quiz),
  questionCount: quiz.questionCount,
  playedCount: quiz.completedPlays,
  createdAt: quiz.createdAt.toISOString(),
});

export const presentTemplateCard = (quiz: QuizRow & { questionCount: number }): TTemplateCard => ({
  id: quiz.id,
  title: quiz.title,
  quizType: quiz.quizType,
  description: quiz.description,
  questionCount: quiz.questionCount,
  image: quiz.image,
});
