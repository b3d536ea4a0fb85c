import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitizeHtml.ts';

describe('sanitizeRichText', () => {
  it('keeps formatting and safe links, drops scripts, handlers and unsafe schemes', () => {
    expect(sanitizeRichText('<p>Hi <strong>there</strong><script>alert(1)</script></p>')).toBe(
      '<p>Hi <strong>there</strong></p>',
    );
    expect(sanitizeRichText('<p onclick="x()">a</p><img src=x onerror=alert(1)>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer" target="_blank">x</a>');
    expect(sanitizeRichText('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });
});
