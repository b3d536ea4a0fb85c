import { describe, expect, it } from 'vitest';
import {
  defaultPropertyKey,
  fixedPropertyKeys,
  leadFieldPropertyKeys,
  optionTagsProblem,
  parseOptionTags,
  propertyKeyPattern,
  propertyKeyProblem,
  propertyLimits,
  propertyMessages,
  questionPropertyKeys,
} from './answerProperties.ts';
import { ZAnswer } from './quiz.ts';

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

describe('questionPropertyKeys', () => {
  const q = (title: string, propertyKey = '') => ({ title, propertyKey });

  it('takes the owner’s key, else the slug of the visible title; repeated defaults get _2, _3', () => {
    expect(
      questionPropertyKeys([q('<p>Skin <b>type</b>?</p>'), q('<p>Skin type</p>'), q('Skin type'), q('Budget', 'budget_eur')]),
    ).toEqual(['skin_type', 'skin_type_2', 'skin_type_3', 'budget_eur']);
  });

  it('an owner’s key keeps its name and a default one moves aside', () => {
    expect(questionPropertyKeys([q('Skin type'), q('Anything', 'skin_type')])).toEqual(['skin_type_2', 'skin_type']);
  });

  it('a suffix still fits 40 characters', () => {
    const long = 'x'.repeat(40);
    const keys = questionPropertyKeys([q(long), q(long)]);
    expect(keys).toEqual([long, `${'x'.repeat(38)}_2`]);
    for (const key of keys) expect(key).toMatch(propertyKeyPattern);
  });
});

describe('propertyKeyProblem', () => {
  const q = (propertyKey: string, title = 'Question') => ({ title, propertyKey });

  it.each(['Skin', 'skin-type', 'skin type', 'x'.repeat(41), 'crème'])('refuses the owner key %j', (key) => {
    expect(propertyKeyProblem([q(''), q(key)])).toEqual({ index: 1, message: propertyMessages.keyInvalid });
  });

  it('refuses a key another question has, naming the second', () => {
    expect(propertyKeyProblem([q('budget'), q(''), q('budget')])).toEqual({
      index: 2,
      message: propertyMessages.keyDuplicate('budget'),
    });
  });

  it('takes up to 100 properties, not 101', () => {
    const questions = (count: number) => Array.from({ length: count }, (_, index) => q('', `Question ${index}`));
    expect(propertyKeyProblem(questions(propertyLimits.perItemMax))).toBeUndefined();
    expect(propertyKeyProblem(questions(propertyLimits.perItemMax + 1))).toEqual({
      index: propertyLimits.perItemMax,
      message: propertyMessages.tooMany,
    });
  });
});

describe('fixed keys', () => {
  it('a poll is sent under the slug of its question; a lead form’s fields under theirs, unique in the item', () => {
    expect(fixedPropertyKeys.poll('<p>Which colour next?</p>')).toBe('which_colour_next');
    expect(fixedPropertyKeys.poll('？')).toBe('vote');
    expect([...leadFieldPropertyKeys(['Skin type', 'Phone', '电话'], ['skin_type']).values()]).toEqual([
      'skin_type_2',
      'phone',
      'field',
    ]);
  });
});

describe('an option’s tags as the builder reads them', () => {
  it('splits on commas, trims, drops empties and repeats', () => {
    expect(parseOptionTags(' skin-oily, ,routine-am,skin-oily,')).toEqual(['skin-oily', 'routine-am']);
    expect(parseOptionTags('')).toEqual([]);
  });

  it('refuses more than 10 tags or a tag over 80 characters, as the quiz schema does', () => {
    const eleven = Array.from({ length: 11 }, (_, n) => `t${n}`);
    expect(optionTagsProblem(eleven.slice(0, 10))).toBeUndefined();
    expect(optionTagsProblem(eleven)).toBe(propertyMessages.tagsTooMany);
    expect(optionTagsProblem(['x'.repeat(81)])).toBe(propertyMessages.tagTooLong);
    const answer = { id: 'a1', text: 'Oily', tags: eleven };
    expect(ZAnswer.safeParse(answer).error?.issues[0]?.message).toBe(propertyMessages.tagsTooMany);
    expect(ZAnswer.safeParse({ ...answer, tags: ['x'.repeat(81)] }).error?.issues[0]?.message).toBe(propertyMessages.tagTooLong);
  });
});
