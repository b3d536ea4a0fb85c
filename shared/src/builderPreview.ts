import type { TQuizResult } from './engine/results.ts';
import type { TPublicQuiz } from './schemas/play.ts';

/**
 * The builder's live preview is the player itself, in a frame at `builderPreviewPath`: the builder
 * (admin pages/quizEditor/preview) posts the draft and the screen to show; the player
 * (player/BuilderPreview.tsx) draws it with the screens visitors get, and posts back the answers the
 * owner clicks. Both windows are on this origin, and each checks that a message comes from the other.
 */
export const builderPreviewPath = '/quizplayer.html?builder=1';

/** The screen the builder's current tab edits. */
export type TPreviewScreen =
  | { name: 'start' }
  | { name: 'question'; questionId: string; number: number; total: number; picks: readonly string[] }
  | { name: 'lead'; form: { type: 'standard' } | { type: 'custom'; code: string } }
  | { name: 'result'; result: TQuizResult; summary: string }
  /** What the visitor would not see at all (no question yet, email collection off…), said in the frame. */
  | { name: 'note'; text: string };

/** Builder → player: draw this. */
export interface TPreviewShow {
  type: 'quizlead-preview-show';
  quiz: TPublicQuiz;
  screen: TPreviewScreen;
}

/** Player → builder: the preview is listening (sent once it has loaded). */
export interface TPreviewReady {
  type: 'quizlead-preview-ready';
}

/** Player → builder: the owner clicked an answer of the question shown. */
export interface TPreviewPick {
  type: 'quizlead-preview-pick';
  questionId: string;
  answerId: string;
}

export type TPreviewMessage = TPreviewShow | TPreviewReady | TPreviewPick;

const previewTypes = new Set<string>(['quizlead-preview-show', 'quizlead-preview-ready', 'quizlead-preview-pick']);

/** A message of the preview's protocol (any other message posted to the window is not). */
export function isPreviewMessage(data: unknown): data is TPreviewMessage {
  return typeof data === 'object' && data !== null && previewTypes.has((data as { type?: unknown }).type as string);
}
