import type { ColorKey, ThemeId } from './quizzes.ts';
import type { TQuizSettings } from './schemas/quiz.ts';

/**
 * Each quiz theme's colours, which the public player paints with and the builder's preview shows: one
 * table, so what the owner previews is what visitors see.
 */
export type Palette = Record<ColorKey, string>;

/** headerBg, headerText, contentBg, contentText, footerBg, footerText, buttonBg, buttonText */
const palette = (...colors: [string, string, string, string, string, string, string, string]): Palette => ({
  headerBg: colors[0],
  headerText: colors[1],
  contentBg: colors[2],
  contentText: colors[3],
  footerBg: colors[4],
  footerText: colors[5],
  buttonBg: colors[6],
  buttonText: colors[7],
});

/** The colours of each named theme. */
export const themePalettes: Record<ThemeId, Palette> = {
  theme1: palette('#f4a582', '#ffffff', '#fff5ef', '#4a2c21', '#f4a582', '#ffffff', '#e76f51', '#ffffff'),
  theme2: palette('#9d6ba8', '#ffffff', '#f7f0f9', '#3d2645', '#9d6ba8', '#ffffff', '#7b4b94', '#ffffff'),
  theme3: palette('#16877b', '#ffffff', '#eaf7f5', '#0f3d38', '#16877b', '#ffffff', '#0e6b61', '#ffffff'),
  theme4: palette('#f9c74f', '#3a2e00', '#fffbea', '#3a2e00', '#f9c74f', '#3a2e00', '#f3722c', '#ffffff'),
  theme5: palette('#e75480', '#ffffff', '#fff0f5', '#4b1c2c', '#e75480', '#ffffff', '#c2185b', '#ffffff'),
  theme6: palette('#ff8c00', '#ffffff', '#fff5e8', '#4a2a00', '#ff8c00', '#ffffff', '#e65c00', '#ffffff'),
  theme7: palette('#fb8500', '#ffffff', '#ffffff', '#3b2a14', '#023047', '#ffffff', '#fb8500', '#ffffff'),
  theme8: palette('#c1121f', '#ffffff', '#fff0f0', '#3d0a0e', '#780000', '#ffffff', '#c1121f', '#ffffff'),
  theme9: palette('#1d3557', '#ffffff', '#f1f6fb', '#1d3557', '#1d3557', '#ffffff', '#457b9d', '#ffffff'),
  theme10: palette('#4caf50', '#ffffff', '#f1f8f1', '#1b3d1c', '#388e3c', '#ffffff', '#2e7d32', '#ffffff'),
  theme11: palette('#546e7a', '#ffffff', '#eceff1', '#263238', '#37474f', '#ffffff', '#1e88e5', '#ffffff'),
  theme12: palette('#2b2d42', '#ffffff', '#edf2f4', '#2b2d42', '#2b2d42', '#ffffff', '#ef233c', '#ffffff'),
  theme13: palette('#1f2933', '#ffffff', '#f5f7fa', '#1f2933', '#1f2933', '#cbd2d9', '#3e4c59', '#ffffff'),
};

/** A quiz's colours: its named theme's, or its custom ones over the first theme's. */
export function paletteOf(settings: Pick<TQuizSettings, 'theme' | 'colors'>): Palette {
  if (settings.theme === 'custom') return { ...themePalettes.theme1, ...settings.colors };
  return themePalettes[settings.theme];
}
