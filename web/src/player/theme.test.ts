import { describe, expect, it } from 'vitest';
import { themeIds } from '@quizlead/shared/quizzes.ts';
import { contrast, readable } from '../public/color.ts';
import { themeStyle } from './theme.ts';

describe('readable', () => {
  it('keeps a colour that reads and swaps one that does not for near-black or white', () => {
    expect(readable('#ffffff', '#1d3557')).toBe('#ffffff');
    expect(readable('#ffffff', '#ffeb3b')).toBe('#1a1a1a');
    expect(readable('#222222', '#111111')).toBe('#ffffff');
  });

  it('gives every named theme text that meets WCAG AA on its background', () => {
    for (const theme of [...themeIds, 'custom' as const]) {
      const style = themeStyle({
        theme,
        colors: { headerText: '#ffffff', headerBg: '#ffff00' },
        welcomeMessageColor: '#fefefe',
      }) as Record<string, string>;
      for (const [text, background] of [
        ['header-text', 'header-bg'],
        ['content-text', 'content-bg'],
        ['footer-text', 'footer-bg'],
        ['button-text', 'button-bg'],
        ['welcome-text', 'content-bg'],
      ]) {
        expect(contrast(style[`--ql-${text}`]!, style[`--ql-${background}`]!), `${theme} ${text}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
