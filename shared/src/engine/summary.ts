/** One line of plain text for a result: the player's headline, report rows, notification emails. */
import type { TPersonality } from '../schemas/quiz.ts';
import type { TQuizResult } from './results.ts';
import { counted } from '../plural.ts';

const noResult = 'No result';

const titleOf = (personality: TPersonality | null) => personality?.title || noResult;
const withTitle = (text: string, personality: TPersonality | null) => (personality ? `${text} (${personality.title})` : text);
const orNoResult = (parts: string[], separator: string) => (parts.length > 0 ? parts.join(separator) : noResult);

export function resultSummary(result: TQuizResult): string {
  switch (result.kind) {
    case 'graded':
      return result.scoreType === 'marks' ? `${result.score} / ${result.maxScore}` : `${result.percentage}%`;
    case 'personality':
      return titleOf(result.personality);
    case 'range':
      return withTitle(`${result.percentage}%`, result.personality);
    case 'multiple_personality':
      return orNoResult(
        result.personalities.map((entry) => `${entry.personality.title} ${entry.share}%`),
        ', ',
      );
    case 'category_personality':
      return orNoResult(
        result.categories.map((entry) => `${entry.category.title}: ${titleOf(entry.personality)}`),
        '; ',
      );
    case 'category_graded':
      return orNoResult(
        result.categories.map((entry) => withTitle(`${entry.category.title}: ${entry.percentage}%`, entry.personality)),
        '; ',
      );
    case 'poll':
    case 'feedback': {
      const total = Object.values(result.counts).reduce((sum, count) => sum + count, 0);
      return counted(total, 'answer');
    }
  }
}
