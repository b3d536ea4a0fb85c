import { describe, expect, it } from 'vitest';
import { cutText } from './cutText.ts';
import { iframeCode, widgetCode } from './embedCodes.ts';

describe('embed codes', () => {
  it('frames the public page at 713 × 419 and escapes the title', () => {
    expect(iframeCode('https://q.example', '/feedback/preview/abc', 'Tom & "Jerry" <3')).toBe(
      '<iframe src="https://q.example/feedback/preview/abc" width="713" height="419" style="border:0" title="Tom &amp; &quot;Jerry&quot; &lt;3"></iframe>',
    );
  });

  it('names the kind, id and slug for the embed script, with its version', () => {
    expect(widgetCode('https://q.example', 'poll', 'abc', 'tea-or-coffee')).toBe(
      '<div data-quizlead="poll" data-id="abc" data-slug="tea-or-coffee"></div><script async src="https://q.example/widgets/embed.js?v=1"></script>',
    );
    // Web responses have no slug.
    expect(widgetCode('https://q.example', 'feedback', 'abc')).toBe(
      '<div data-quizlead="feedback" data-id="abc"></div><script async src="https://q.example/widgets/embed.js?v=1"></script>',
    );
  });
});

describe('cutText', () => {
  it("cuts after `max` characters with '..', counting emoji as one", () => {
    expect(cutText('  short  ', 10)).toBe('short');
    expect(cutText('exactly ten', 11)).toBe('exactly ten');
    expect(cutText('a'.repeat(41), 40)).toBe(`${'a'.repeat(40)}..`);
    expect(cutText('😀'.repeat(5), 3)).toBe('😀😀😀..');
  });
});
