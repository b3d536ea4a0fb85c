import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limits } from '@quizlead/shared/validations.ts';
import { fieldName, findUnsafeText } from './unsafeText.ts';

describe('findUnsafeText', () => {
  it('finds a NUL or a lone surrogate in any string, and says where', () => {
    expect(findUnsafeText({ name: 'a\u0000b' })).toEqual({ problem: 'nul', path: ['name'] });
    expect(findUnsafeText({ answers: [{ text: 'ok' }, { text: 'x\ud800' }] })).toEqual({
      problem: 'surrogate',
      path: ['answers', 1, 'text'],
    });
    expect(findUnsafeText({ fields: { note: '\udc00 first' } })).toEqual({ problem: 'surrogate', path: ['fields', 'note'] });
    expect(findUnsafeText(['\u0000'])).toEqual({ problem: 'nul', path: [0] });
  });

  it('reads object keys as text: records are stored as jsonb', () => {
    expect(findUnsafeText({ fields: { 'bad\u0000key': 'value' } })).toEqual({ problem: 'nul', path: ['fields', 'bad\u0000key'] });
    expect(findUnsafeText({ '\ud83d': 1 })).toEqual({ problem: 'surrogate', path: ['\ud83d'] });
  });

  it('reports the first problem in document order', () => {
    expect(findUnsafeText({ a: 'fine', b: ['\u0000'], c: '\ud800' })?.path).toEqual(['b', 0]);
  });

  it('passes well-formed text, surrogate pairs and other values', () => {
    expect(findUnsafeText({ name: 'Zoë 😀 \u0001 \ufffd', n: 1e308, yes: true, none: null, list: [1, 'two'] })).toBeUndefined();
    expect(findUnsafeText(undefined)).toBeUndefined();
  });

  it('agrees with UTF-8: flags exactly the documents whose text does not survive encoding, or holds a NUL', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }), (value) => {
        expect(findUnsafeText(value) !== undefined).toBe(texts(value).some(unsafe));
      }),
    );
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const found = findUnsafeText({ deep });
    expect(found?.problem).toBe('depth');
    expect(found?.path).toHaveLength(limits.requestDepth);
    let fine: unknown = 'leaf';
    for (let level = 1; level < limits.requestDepth; level += 1) fine = { next: fine };
    expect(findUnsafeText(fine)).toBeUndefined();
  });

  it('finds what fast-check hides anywhere in a JSON document', () => {
    const hostile = fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\u0000', '\udbff!');
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), hostile, fc.context(), (value, bad, ctx) => {
        const document = { wrapper: [value, { bad }] };
        ctx.log(JSON.stringify(document));
        expect(findUnsafeText(document)).toBeDefined();
      }),
    );
  });
});

describe('fieldName', () => {
  it('joins the path as zod does, with unsafe characters shown as U+FFFD and long keys cut', () => {
    expect(fieldName(['answers', 1, 'text'])).toBe('answers.1.text');
    expect(fieldName(['fields', 'bad\u0000key', '\ud800'])).toBe('fields.bad\ufffdkey.\ufffd');
    const long = fieldName(['x'.repeat(99) + '😀']);
    expect(long).toBe(`${'x'.repeat(99)}\ufffd…`);
    expect(JSON.parse(JSON.stringify(long))).toBe(long);
  });
});

/** The oracle: PostgreSQL receives text as UTF-8, where a lone surrogate becomes U+FFFD. */
const unsafe = (text: string) => text.includes('\u0000') || Buffer.from(text, 'utf8').toString('utf8') !== text;

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, inner]) => [key, ...texts(inner)]);
  return [];
}
