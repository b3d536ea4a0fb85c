import { describe, expect, it } from 'vitest';
import { defaultPropertyKey, propertyKeyPattern } from './answerProperties.ts';

describe('defaultPropertyKey', () => {
  it.each([
    ["What's your skin type?", 'what_s_your_skin_type'],
    ['Budget', 'budget'],
    ['Crème brûlée or tarte?', 'creme_brulee_or_tarte'],
    ['  --  ', 'answer'],
    ['你的预算是多少？', 'answer'],
    ['How many hours a week do you spend outdoors with friends and family?', 'how_many_hours_a_week_do_you_spend'],
  ])('%s → %s', (text, key) => {
    expect(defaultPropertyKey(text)).toBe(key);
    expect(key).toMatch(propertyKeyPattern);
  });

  it('cuts a long word without a break at 40 characters', () => {
    expect(defaultPropertyKey('x'.repeat(60))).toBe('x'.repeat(40));
  });
});
