/** Poll and feedback quizzes (older data): no right answers, only how often each option was picked. */
import type { TQuestion } from '../../schemas/quiz.ts';
import { effectivePicks } from '../advance.ts';
import { recordedPicks, type TPlayAnswers } from '../model.ts';

/** Every option of every played question, 0 when not picked, so a chart shows all bars. */
export function tallyAnswers(questions: readonly TQuestion[], answers: TPlayAnswers): Record<string, number> {
  const counts = new Map<string, number>();
  for (const question of questions) {
    for (const answer of question.answers) if (!counts.has(answer.id)) counts.set(answer.id, 0);
    for (const pick of effectivePicks(question, recordedPicks(answers, question.id))) {
      counts.set(pick, (counts.get(pick) ?? 0) + 1);
    }
  }
  return Object.fromEntries(counts);
}
