import { describe, expect, it } from 'vitest';
import type { TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import { quizLead } from '../../test/fakes/crm/leadKit.ts';
import { itemDocument, itemMetafieldKey, plannedMetafields, segmentMetafieldKey } from './customerMetafields.ts';

const answer = (key: string, value: TLeadAnswer['value'], segment = false): TLeadAnswer => ({
  key,
  question: `About ${key}?`,
  type: Array.isArray(value) ? 'choices' : typeof value === 'number' ? 'number' : 'text',
  value,
  optionIds: [],
  tags: [],
  segment,
});

describe('customer metafield keys', () => {
  it('keep Shopify’s 2–64 characters and never meet between an item and a segment answer', () => {
    expect(itemMetafieldKey('skin_quiz')).toBe('skin_quiz');
    expect(itemMetafieldKey('q')).toBe('q-');
    expect(segmentMetafieldKey('skin_quiz', 'skin_type')).toBe('skin_quiz-skin_type');
    const long = segmentMetafieldKey('a'.repeat(40), 'b'.repeat(40));
    expect(long).toMatch(/^a{40}-b{14}_[0-9a-f]{8}$/);
    expect(long).toHaveLength(64);
    expect(segmentMetafieldKey('a'.repeat(40), `${'b'.repeat(39)}c`)).not.toBe(long);
  });

  it('type each segment answer by its value and skip blank ones', () => {
    const lead = quizLead({
      itemKey: 'quiz',
      answers: [
        answer('t', 'Oily', true),
        answer('l', ['A'], true),
        answer('i', 3, true),
        answer('d', 2.5, true),
        answer('b', ' ', true),
        answer('x', 'no'),
      ],
    });
    expect(plannedMetafields(lead).map(({ key, type }) => [key, type])).toEqual([
      ['quiz', 'json'],
      ['quiz-t', 'single_line_text_field'],
      ['quiz-l', 'list.single_line_text_field'],
      ['quiz-i', 'number_integer'],
      ['quiz-d', 'number_decimal'],
    ]);
  });
});

describe('the item’s json document', () => {
  it('holds every answer and question when it fits', () => {
    const document = itemDocument(quizLead({ answers: [answer('a', 'x'), answer('b', 2)] }));
    expect(document).toMatchObject({ answers: { a: 'x', b: 2 }, questions: { a: { text: 'About a?' } } });
    expect(document).not.toHaveProperty('note');
  });

  it('over 128 kB leaves out the questions, then the last answers, and says so', () => {
    const big = 'y'.repeat(50_000);
    const document = itemDocument(
      quizLead({ answers: [answer('a', big), answer('b', big), answer('c', big), answer('d', 'small')] }),
    );
    expect(Buffer.byteLength(JSON.stringify(document))).toBeLessThanOrEqual(128_000);
    expect(document).not.toHaveProperty('questions');
    expect(Object.keys(document.answers as object)).toEqual(['a', 'b']);
    expect(document.note).toBe(
      "Shortened to fit Shopify's 128 KB limit for json metafields: questions left out; answers left out: c, d.",
    );
  });
});
