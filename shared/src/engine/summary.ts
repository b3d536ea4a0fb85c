/** One line of plain text for a result: the player's headline, report rows, notification emails. */
import type { TPersonality } from '../schemas/quiz.ts';
import type { TQuizResult } from './results.ts';
import { counted } from '../plural.ts';

/** The words and number formats of a summary: English for reports and emails, the visitor's in the player. */
export interface SummaryWords {
  noResult: string;
  percent(value: number): string;
  marks(score: number, maxScore: number): string;
  answers(count: number): string;
}

const englishWords: SummaryWords = {
  noResult: 'No result',
  percent: (value) => `${value}%`,
  marks: (score, maxScore) => `${score} / ${maxScore}`,
  answers: (count) => counted(count, 'answer'),
};

export function resultSummary(result: TQuizResult, words: SummaryWords = englishWords): string {
  const { noResult } = words;
  const titleOf = (personality: TPersonality | null) => personality?.title || noResult;
  const withTitle = (text: string, personality: TPersonality | null) => (personality ? `${text} (${personality.title})` : text);
  const orNoResult = (parts: string[], separator: string) => (parts.length > 0 ? parts.join(separator) : noResult);
  switch (result.kind) {
    case 'graded':
      return result.scoreType === 'marks' ? words.marks(result.score, result.maxScore) : words.percent(result.percentage);
    case 'personality':
      return titleOf(result.personality);
    case 'range':
      return withTitle(words.percent(result.percentage), result.personality);
    case 'multiple_personality':
      return orNoResult(
        result.personalities.map((entry) => `${entry.personality.title} ${words.percent(entry.share)}`),
        ', ',
      );
    case 'category_personality':
      return orNoResult(
        result.categories.map((entry) => `${entry.category.title}: ${titleOf(entry.personality)}`),
        '; ',
      );
    case 'category_graded':
      return orNoResult(
        result.categories.map((entry) =>
          withTitle(`${entry.category.title}: ${words.percent(entry.percentage)}`, entry.personality),
        ),
        '; ',
      );
    case 'poll':
    case 'feedback': {
      const total = Object.values(result.counts).reduce((sum, count) => sum + count, 0);
      return words.answers(total);
    }
  }
}
