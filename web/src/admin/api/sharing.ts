import type { TShopifyPlacement, TShortLink } from '@quizlead/shared/schemas/reports.ts';
import { api } from './client.ts';

/** Calls of the quiz share page (docs/api.md, "Sharing a quiz"). */

/** The quiz's short link, made on first ask; the same code every time after. */
export const createShortLink = (quizId: string, signal?: AbortSignal) =>
  api.post<TShortLink>(`/api/v1/quizzes/${quizId}/short-link`, undefined, { signal });

/** Whether (and how) the quiz can be placed in the account's Shopify storefront. */
export const getShopifyPlacement = (quizId: string, signal?: AbortSignal) =>
  api.get<TShopifyPlacement>(`/api/v1/quizzes/${quizId}/shopify`, { signal });
