import { withPublicI18n } from './publicI18n.ts';
import { publicAdPixels } from './adPixels.ts';
import { feelingValues } from '@quizlead/shared/engagement.ts';
import type { TFeedback, TFeedbackListRow, TFeedbackResponseRow, TPublicFeedback } from '@quizlead/shared/schemas/feedback.ts';
import type { FeedbackResponseRow } from '../db/queries/feedbacks.ts';
import type { PublicOwner } from '../db/queries/owner.ts';
import type { FeedbackRow } from '../policies/feedback.ts';

export const presentFeedback = (feedback: FeedbackRow, totalResponses: number): TFeedback => ({
  id: feedback.id,
  title: feedback.title,
  feelingType: feedback.feelingType,
  question: feedback.question,
  customColor: feedback.customColor,
  collectEmail: feedback.collectEmail,
  metaPixelId: feedback.metaPixelId,
  tiktokPixelId: feedback.tiktokPixelId,
  totalResponses,
  createdAt: feedback.createdAt.toISOString(),
  updatedAt: feedback.updatedAt.toISOString(),
});

export const presentFeedbackRow = (feedback: FeedbackRow, totalResponses: number): TFeedbackListRow => ({
  id: feedback.id,
  title: feedback.title,
  feelingType: feedback.feelingType,
  totalResponses,
  createdAt: feedback.createdAt.toISOString(),
});

export const presentFeedbackResponse = (response: FeedbackResponseRow): TFeedbackResponseRow => ({
  id: response.id,
  feelingType: response.feelingType,
  value: response.value,
  email: response.email,
  date: response.createdAt.toISOString(),
  language: response.language,
});

export const presentPublicFeedback = (feedback: FeedbackRow, owner: PublicOwner): TPublicFeedback =>
  withPublicI18n('feedback', feedback.i18n, {
    id: feedback.id,
    ownerMode: owner.mode,
    footerLinks: owner.footerLinks,
    title: feedback.title,
    question: feedback.question,
    feelingType: feedback.feelingType,
    values: [...feelingValues[feedback.feelingType]],
    customColor: feedback.customColor,
    collectEmail: feedback.collectEmail,
    ...publicAdPixels(feedback, owner.adPixels),
  });
