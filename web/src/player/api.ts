/**
 * The public play API (docs/api.md, "Public quiz play"). Same origin as the player pages, so the
 * owner's session cookie rides along for previews and nothing else is needed.
 */
import { currentLanguage, t } from '@quizlead/shared/i18n/translate.ts';
import type { TLeadRequest, TPlayOutcome, TPublicQuiz } from '@quizlead/shared/schemas/play.ts';
import { ApiError, publicRequest } from '../public/apiClient.ts';
import { visitorId } from '../public/visitorId.ts';
import { pageProductMarket } from './productMarket.ts';

export { ApiError };

const request = publicRequest({ unworded: (detail) => t('common.serverErrorDetail', { detail }) });

const segment = encodeURIComponent;

export const playApi = {
  quiz: (quizId: string, preview: boolean) =>
    request<TPublicQuiz>('GET', `/api/v1/public/quizzes/${segment(quizId)}${preview ? '?preview=1' : ''}`),
  /** In preview the owner's play is kept out of stats and reports. */
  start: (quizId: string, play: { id: string; key: string }, preview: boolean) =>
    request<{ playId: string; playToken: string; variant: string | null }>(
      'POST',
      `/api/v1/public/quizzes/${segment(quizId)}/plays`,
      {
        playId: play.id,
        playKey: play.key,
        preview,
        visitorId: visitorId(),
        language: currentLanguage(),
      },
    ),
  /** The outcome's products come in the shopper's market and language (productMarket.ts). */
  answers: (playId: string, token: string, answers: Record<string, string[]>) =>
    request<TPlayOutcome>('POST', `/api/v1/public/plays/${segment(playId)}/answers${pageProductMarket()}`, { answers }, token),
  lead: (playId: string, token: string, lead: TLeadRequest) =>
    request<TPlayOutcome>(
      'POST',
      `/api/v1/public/plays/${segment(playId)}/lead${pageProductMarket()}`,
      { ...lead, language: currentLanguage() },
      token,
    ),
  /**
   * The question now shown, for the owner's drop-off report. Fire and forget: `keepalive` lets it
   * outlive the page, and it never slows or fails the play (the server counts each question once).
   */
  progress: (playId: string, token: string, questionId: string) => {
    try {
      fetch(`/api/v1/public/plays/${segment(playId)}/progress`, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ questionId }),
      }).catch(() => undefined);
    } catch {
      // ignore: the report only misses one event
    }
  },
};
