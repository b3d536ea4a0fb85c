/**
 * What the embed script, the theme extension and the app proxy place: the four kinds, and how a sentence
 * names each. A module of its own, without imports, so the admin's entry can name a kind without
 * loading the sharing rules (and the quiz types they read).
 */

/** What `data-quizlead` names. */
export const embedKinds = ['quiz', 'poll', 'feedback', 'wheel'] as const;
export type EmbedKind = (typeof embedKinds)[number];

/** Each kind in a sentence of the share screens ('paste this wheel id'). */
export const embedKindNouns: Record<EmbedKind, string> = {
  quiz: 'quiz',
  poll: 'poll',
  feedback: 'web response',
  wheel: 'wheel',
};
