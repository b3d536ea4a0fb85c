import type { feelingValues } from '../engagement.ts';
import type { CatalogueKey } from './catalogue/types.ts';
import type { Translate } from './translate.ts';

type WordedFeeling = (typeof feelingValues)['emotion' | 'thumb'][number];

/** The catalogue's word for each face and thumb a visitor picks from. */
const feelingWords: Record<WordedFeeling, CatalogueKey> = {
  Angry: 'feedback.angry',
  Worried: 'feedback.worried',
  Neutral: 'feedback.neutral',
  Happy: 'feedback.happy',
  Delighted: 'feedback.delighted',
  'Thumbs Up': 'feedback.thumbsUp',
  'Thumbs Down': 'feedback.thumbsDown',
};

/**
 * A feeling value as the visitor reads it, in `t`'s language; the value sent stays the English one the
 * server knows. Values without a word of their own (stars, scale numbers) are shown as they are.
 */
export function feelingLabel(value: string, t: Translate): string {
  const key = Object.hasOwn(feelingWords, value) ? feelingWords[value as WordedFeeling] : undefined;
  return key ? t(key) : value;
}
