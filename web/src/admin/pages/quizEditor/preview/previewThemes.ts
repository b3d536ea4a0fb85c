import { themeIds, themes } from '@quizlead/shared/quizzes.ts';
import type { ColorKey, ThemeId } from '@quizlead/shared/quizzes.ts';

const words = (name: string) =>
  name
    .split(/[_-]/)
    .map((word) => (word.length === 1 ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ');

/** 'sweet_peachy' → 'Sweet Peachy'; a name two themes share gets a number ('Pulpy Orange 2'). */
export const themeLabels: Record<ThemeId, string> = Object.fromEntries(
  themeIds.map((id, index) => {
    const name = themes[id];
    const earlier = themeIds.slice(0, index).filter((other) => themes[other] === name).length;
    return [id, earlier > 0 ? `${words(name)} ${earlier + 1}` : words(name)];
  }),
) as Record<ThemeId, string>;

export const colorLabels: Record<ColorKey, string> = {
  headerBg: 'Header background',
  headerText: 'Header text',
  contentBg: 'Content background',
  contentText: 'Content text',
  footerBg: 'Footer background',
  footerText: 'Footer text',
  buttonBg: 'Button colour',
  buttonText: 'Button text colour',
};
