/**
 * The quiz's colours as CSS custom properties. The palettes are the builder preview's (one map for both);
 * the player adds one thing: a text colour that fails WCAG AA contrast (4.5:1) on its background is swapped
 * for near-black, white or black, so every visitor can read every theme.
 */
import type { TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import type { CSSProperties } from 'react';
import { paletteOf } from '@quizlead/shared/themePalettes.ts';

const dark = '#1a1a1a';
const light = '#ffffff';

function luminance(hex: string): number {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) return 0;
  const channel = (offset: number) => {
    const c = parseInt(value.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * `text` when it reads on `background`, else near-black or white when one of them reads, else black
 * (mid-tones): every colour reads against pure black or white at 4.58:1 at least.
 */
export function readable(text: string, background: string): string {
  const choice = [text, dark, light].find((candidate) => contrast(candidate, background) >= 4.5);
  return choice ?? (contrast('#000000', background) >= contrast(light, background) ? '#000000' : light);
}

export function themeStyle(settings: Pick<TQuizSettings, 'theme' | 'colors' | 'welcomeMessageColor'>): CSSProperties {
  const colors = paletteOf(settings);
  return {
    '--ql-header-bg': colors.headerBg,
    '--ql-header-text': readable(colors.headerText, colors.headerBg),
    '--ql-content-bg': colors.contentBg,
    '--ql-content-text': readable(colors.contentText, colors.contentBg),
    '--ql-footer-bg': colors.footerBg,
    '--ql-footer-text': readable(colors.footerText, colors.footerBg),
    '--ql-button-bg': colors.buttonBg,
    '--ql-button-text': readable(colors.buttonText, colors.buttonBg),
    '--ql-welcome-text': readable(settings.welcomeMessageColor ?? colors.contentText, colors.contentBg),
  } as CSSProperties;
}
