/**
 * The quiz's colours as CSS custom properties. The palettes are the builder preview's (one map for both);
 * the player adds one thing: a text colour that fails WCAG AA contrast (4.5:1) on its background is swapped
 * for near-black, white or black, so every visitor can read every theme.
 */
import type { TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import type { CSSProperties } from 'react';
import { paletteOf } from '@quizlead/shared/themePalettes.ts';
import { readable } from '../public/color.ts';

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

/** The custom lead form's frame page takes the theme's content colours (already made readable). */
export function leadFrameColors(settings: Parameters<typeof themeStyle>[0]): { text: string; background: string } {
  const style = themeStyle(settings) as Record<string, string>;
  return { text: style['--ql-content-text']!, background: style['--ql-content-bg']! };
}
