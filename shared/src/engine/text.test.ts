import { describe, expect, it } from 'vitest';
import { visibleLength, visibleText } from './text.ts';

describe('visibleText', () => {
  it('drops tags and separates blocks with a space', () => {
    expect(visibleText('<p>Hello <b>big</b></p><p>world</p>')).toBe('Hello big world');
    expect(visibleText('line<br/>break')).toBe('line break');
  });

  it('treats markup-only and non-breaking-space content as empty', () => {
    expect(visibleText('<p><br></p>')).toBe('');
    expect(visibleText('<p>&nbsp; </p>')).toBe('');
  });

  it('decodes entities once', () => {
    expect(visibleText('Fish &amp; chips &lt;3 &#8364;5 &#x1F600; &amp;lt;')).toBe('Fish & chips <3 €5 😀 &lt;');
    expect(visibleText('&unknown; &#99999999;')).toBe('&unknown; &#99999999;');
  });

  it('keeps a plain "<" that is not a tag and hides script content', () => {
    expect(visibleText('a < b')).toBe('a < b');
    expect(visibleText('x<script>alert(1)</script>y<!-- note -->')).toBe('x y');
  });
});

describe('visibleLength', () => {
  it('counts what is read, an emoji as one', () => {
    expect(visibleLength('<p>Hi &amp; 😀</p>')).toBe(6);
    expect(visibleLength('')).toBe(0);
  });
});
