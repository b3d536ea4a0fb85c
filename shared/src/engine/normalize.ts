/**
 * A quiz as it is saved: what its type does not use is cleared, so a type change in the builder or an old
 * record cannot leave marks, weights or personalities that would count behind the owner's back, and no
 * reference points at something deleted.
 */
import { typeTraits } from '../quizzes.ts';
import type { TAnswer, TBranch, TQuestion } from '../schemas/quiz.ts';
import type { TEngineQuiz } from './model.ts';
import { normalizeRecommendations } from './products.ts';

type TTraits = ReturnType<typeof typeTraits>;

export function normalizeQuiz<Q extends TEngineQuiz>(quiz: Q): Q {
  const traits = typeTraits(quiz.quizType);
  const personalities = traits.personalities ? quiz.personalities.map((personality) => ({ ...personality })) : [];
  const categories = traits.categories ? quiz.categories.map((category) => ({ ...category })) : [];
  const references = {
    personalityIds: new Set(personalities.map((personality) => personality.id)),
    categoryIds: new Set(categories.map((category) => category.id)),
  };
  const questions = quiz.questions.map((question) => normalizeQuestion(question, traits, references));
  const { productRecommendations } = quiz;
  return {
    ...quiz,
    // Products stay only for outcomes, questions and answers the quiz still has.
    ...(productRecommendations
      ? {
          productRecommendations: normalizeRecommendations(productRecommendations, {
            quizType: quiz.quizType,
            personalities,
            questions,
          }),
        }
      : {}),
    settings: { ...quiz.settings, colors: { ...quiz.settings.colors } },
    personalities,
    categories,
    questions,
    // Turning branching off resets every branch (spec: builder-widgets-shell.md §4).
    branching: quiz.branching.enabled
      ? { enabled: true, branches: usableBranches(questions, quiz.branching.branches) }
      : { enabled: false, branches: [] },
  };
}

function normalizeQuestion(
  question: TQuestion,
  traits: TTraits,
  references: { personalityIds: ReadonlySet<string>; categoryIds: ReadonlySet<string> },
): TQuestion {
  // A kind the type does not offer (say, after switching from graded_quiz) becomes single answer.
  const kind = traits.questionKinds.includes(question.kind) ? question.kind : 'single';
  // True-False has exactly its two answers.
  const answers = kind === 'true_false' ? question.answers.slice(0, 2) : question.answers;
  const categoryId =
    traits.categories && question.categoryId !== null && references.categoryIds.has(question.categoryId)
      ? question.categoryId
      : null;
  return {
    ...question,
    kind,
    categoryId,
    answers: answers.map((answer): TAnswer => ({
      ...answer,
      correct: traits.graded ? answer.correct : false,
      weight: traits.weighted ? answer.weight : '',
      personalityId:
        traits.answerPersonality && answer.personalityId !== null && references.personalityIds.has(answer.personalityId)
          ? answer.personalityId
          : null,
    })),
  };
}

/** Branches whose question, answer ('any' or one of that question's) and target ('landing' or a question) all exist. */
function usableBranches(questions: readonly TQuestion[], branches: readonly TBranch[]): TBranch[] {
  const answerIdsByQuestion = new Map<string, Set<string>>();
  for (const question of questions) {
    if (!answerIdsByQuestion.has(question.id)) {
      answerIdsByQuestion.set(question.id, new Set(question.answers.map((answer) => answer.id)));
    }
  }
  return branches
    .filter((branch) => {
      const answerIds = answerIdsByQuestion.get(branch.questionId);
      return (
        answerIds !== undefined &&
        (branch.answerId === 'any' || answerIds.has(branch.answerId)) &&
        (branch.to === 'landing' || answerIdsByQuestion.has(branch.to))
      );
    })
    .map((branch) => ({ ...branch }));
}
