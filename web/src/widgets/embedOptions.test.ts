import { describe, expect, it } from 'vitest';
import { embedFramePath, embedOnceKey } from '@quizlead/shared/sharing.ts';
import { alreadyShown, readEmbedOptions, rememberShown, scrolledPercent } from './embedOptions.ts';

const read = (attributes: Record<string, string>) => readEmbedOptions((name) => attributes[name] ?? null);

describe('readEmbedOptions', () => {
  it('reads every attribute of the widget code', () => {
    expect(
      read({
        'data-quizlead': 'quiz',
        'data-id': ' 5f0c6a5e-1111-4222-8333-444455556666 ',
        'data-slug': 'coffee-quiz',
        'data-title': 'Coffee quiz',
        'data-display': 'popup',
        'data-trigger': 'exit',
        'data-delay': '2.5',
        'data-once': 'false',
        'data-lang': 'de',
        'data-locale': 'pt-BR',
        'data-country': 'B&R',
      }),
    ).toEqual({
      kind: 'quiz',
      id: '5f0c6a5e-1111-4222-8333-444455556666',
      slug: 'coffee-quiz',
      title: 'Coffee quiz',
      display: 'popup',
      trigger: 'exit',
      delayMs: 2500,
      scrollPercent: 50,
      once: false,
      query: '&lang=de&locale=pt-BR&country=B%26R',
    });
  });

  it('falls back to the defaults for bad or missing options', () => {
    expect(
      read({
        'data-quizlead': 'poll',
        'data-id': 'p1',
        'data-display': 'banner',
        'data-trigger': 'hover',
        'data-delay': 'soon',
        'data-scroll': 'half',
      }),
    ).toEqual({
      kind: 'poll',
      id: 'p1',
      slug: '',
      title: '',
      display: 'inline',
      trigger: 'delay',
      delayMs: 5000,
      scrollPercent: 50,
      once: true,
      query: '',
    });
    expect(read({ 'data-quizlead': 'wheel', 'data-id': 'w', 'data-delay': '-3' })?.delayMs).toBe(5000);
    expect(read({ 'data-quizlead': 'wheel', 'data-id': 'w', 'data-delay': '999999' })?.delayMs).toBe(3_600_000);
    expect(read({ 'data-quizlead': 'wheel', 'data-id': 'w', 'data-once': 'no' })?.once).toBe(true);
  });

  it('reads the scroll trigger and its depth, kept within 1 to 100 per cent', () => {
    const scroll = (depth?: string) =>
      read({
        'data-quizlead': 'quiz',
        'data-id': 'q',
        'data-display': 'popup',
        'data-trigger': 'scroll',
        ...(depth === undefined ? {} : { 'data-scroll': depth }),
      });
    expect(scroll('70')).toMatchObject({ trigger: 'scroll', scrollPercent: 70 });
    expect(scroll('33.4')?.scrollPercent).toBe(33);
    expect(scroll()?.scrollPercent).toBe(50);
    expect(scroll('')?.scrollPercent).toBe(50);
    expect(scroll('-5')?.scrollPercent).toBe(50);
    expect(scroll('0')?.scrollPercent).toBe(1);
    expect(scroll('250')?.scrollPercent).toBe(100);
  });

  it('leaves elements without a known kind or an id alone', () => {
    expect(read({ 'data-quizlead': 'survey', 'data-id': 'x' })).toBeNull();
    expect(read({ 'data-quizlead': '', 'data-id': 'x' })).toBeNull();
    expect(read({ 'data-quizlead': 'quiz' })).toBeNull();
    expect(read({ 'data-quizlead': 'quiz', 'data-id': '   ' })).toBeNull();
    expect(read({ 'data-quizlead': 'quiz', 'data-id': 'x'.repeat(101) })).toBeNull();
  });
});

describe('scrolledPercent', () => {
  it('is how far down the scrollable part of the page the visitor is', () => {
    // A 3000 px page in an 800 px window scrolls 2200 px.
    expect(scrolledPercent(0, 3000, 800)).toBe(0);
    expect(scrolledPercent(1100, 3000, 800)).toBe(50);
    expect(scrolledPercent(2200, 3000, 800)).toBe(100);
    // Rubber-band scrolling above the top counts as the top.
    expect(scrolledPercent(-40, 3000, 800)).toBe(0);
  });

  it('counts a page too short to scroll as read to the end', () => {
    expect(scrolledPercent(0, 600, 800)).toBe(100);
    expect(scrolledPercent(0, 800, 800)).toBe(100);
  });
});

describe('the frame addresses', () => {
  it('frames the quiz player in its embedded mode and the widget pages, with the id escaped', () => {
    expect(embedFramePath('quiz', 'abc', 'Coffee Quiz!')).toBe(
      '/quizplayer2.html?quiztitle=coffee-quiz&quizid=abc&isiframe=true',
    );
    expect(embedFramePath('poll', 'a/b', '')).toBe('/poll/publish/show/a%2Fb/-');
    expect(embedFramePath('feedback', 'f1', 'ignored')).toBe('/feedback/preview/f1');
    expect(embedFramePath('wheel', 'w1', 'spin')).toBe('/wheelspin/publish/show/w1/spin');
  });
});

describe('the once-per-visitor cap', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      items,
    };
  };

  it('remembers a shown item under quizlead:shown:{kind}:{id}', () => {
    const storage = memory();
    const options = { kind: 'quiz' as const, id: 'q1', once: true };
    expect(alreadyShown(storage, options)).toBe(false);
    rememberShown(storage, options);
    expect([...storage.items.keys()]).toEqual([embedOnceKey('quiz', 'q1')]);
    expect(embedOnceKey('quiz', 'q1')).toBe('quizlead:shown:quiz:q1');
    expect(alreadyShown(storage, options)).toBe(true);
    expect(alreadyShown(storage, { ...options, id: 'q2' })).toBe(false);
    expect(alreadyShown(storage, { ...options, kind: 'poll' })).toBe(false);
  });

  it('does nothing with data-once="false", without storage, or when storage throws', () => {
    const storage = memory();
    rememberShown(storage, { kind: 'poll', id: 'p', once: false });
    expect(storage.items.size).toBe(0);
    storage.items.set(embedOnceKey('poll', 'p'), '1');
    expect(alreadyShown(storage, { kind: 'poll', id: 'p', once: false })).toBe(false);
    expect(alreadyShown(null, { kind: 'poll', id: 'p', once: true })).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(alreadyShown(refusing, { kind: 'poll', id: 'p', once: true })).toBe(false);
    expect(() => rememberShown(refusing, { kind: 'poll', id: 'p', once: true })).not.toThrow();
  });
});
