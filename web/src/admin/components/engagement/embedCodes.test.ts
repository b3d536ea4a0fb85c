import { describe, expect, it } from 'vitest';
import { cutText } from './cutText.ts';
import { embedScriptVersion, iframeCode, widgetCode } from './embedCodes.ts';

describe('embed codes', () => {
  it('frames the public page at 713 × 419 and escapes the title', () => {
    expect(iframeCode('https://q.example', '/feedback/preview/abc', 'Tom & "Jerry" <3')).toBe(
      '<iframe src="https://q.example/feedback/preview/abc" width="713" height="419" style="border:0" title="Tom &amp; &quot;Jerry&quot; &lt;3"></iframe>',
    );
  });

  it('names the kind, id and slug for the embed script, with its version', () => {
    const script = `<script async src="https://q.example/widgets/embed.js?v=${embedScriptVersion}"></script>`;
    expect(widgetCode('https://q.example', 'poll', 'abc', 'tea-or-coffee')).toBe(
      `<div data-quizlead="poll" data-id="abc" data-slug="tea-or-coffee"></div>${script}`,
    );
    // Web responses have no slug.
    expect(widgetCode('https://q.example', 'feedback', 'abc')).toBe(
      `<div data-quizlead="feedback" data-id="abc"></div>${script}`,
    );
    // Pop-ups and slide-ins name their trigger and delay; the once cap is written only when it is off.
    expect(widgetCode('https://q.example', 'wheel', 'w1', 'spin', { display: 'popup', trigger: 'exit', delaySeconds: 8 })).toBe(
      `<div data-quizlead="wheel" data-id="w1" data-slug="spin" data-display="popup" data-trigger="exit" data-delay="8"></div>${script}`,
    );
    expect(widgetCode('https://q.example', 'poll', 'p1', undefined, { display: 'slidein', trigger: 'load', once: false })).toBe(
      `<div data-quizlead="poll" data-id="p1" data-display="slidein" data-trigger="load" data-once="false"></div>${script}`,
    );
    // The scroll trigger names its depth (1 to 100 per cent) instead of a delay.
    expect(
      widgetCode('https://q.example', 'poll', 'p1', undefined, { display: 'popup', trigger: 'scroll', scrollPercent: 70 }),
    ).toBe(`<div data-quizlead="poll" data-id="p1" data-display="popup" data-trigger="scroll" data-scroll="70"></div>${script}`);
    expect(
      widgetCode('https://q.example', 'poll', 'p1', undefined, { display: 'popup', trigger: 'scroll', scrollPercent: 0 }),
    ).toContain('data-scroll="1"');
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
