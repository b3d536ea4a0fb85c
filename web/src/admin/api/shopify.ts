import { shopifyDataRequestMessages } from '@quizlead/shared/shopify.ts';
import type { TPostPurchaseSettingsRequest, TPostPurchaseSettingsResponse } from '@quizlead/shared/schemas/postPurchase.ts';
import type { TDataRequestRow, TShopifyPlan } from '@quizlead/shared/schemas/shopifyAccount.ts';
import type { TShopNotificationEmail, TShopNotificationEmailRequest } from '@quizlead/shared/schemas/shopNotificationEmail.ts';
import { api } from './client.ts';
import { downloadExport } from './lists.ts';

/** The shop's plan as Shopify bills it, and the link to Shopify's plan page (Shopify accounts only). */
export const getShopifyPlan = (signal?: AbortSignal) => api.get<TShopifyPlan>('/api/v1/shopify/plan', { signal });

/** Where the app's mail to the merchant goes (Shopify accounts only). */
export const getShopNotificationEmail = (signal?: AbortSignal) =>
  api.get<TShopNotificationEmail>('/api/v1/shopify/notification-email', { signal });

/** Chooses that address; '' sends the mail to the store's own address again. */
export const saveShopNotificationEmail = (body: TShopNotificationEmailRequest) =>
  api.put<TShopNotificationEmail>('/api/v1/shopify/notification-email', body);

/** The customer data requests Shopify forwarded, newest first (Shopify accounts only). */
export const listDataRequests = (signal?: AbortSignal) => api.get<TDataRequestRow[]>('/api/v1/shopify/data-requests', { signal });

/** One request's document, saved by the browser under the server's file name. */
export const downloadDataRequest = (id: string) =>
  downloadExport(`/api/v1/shopify/data-requests/${encodeURIComponent(id)}`, shopifyDataRequestMessages.fileName(id));

/** The shop's post-purchase survey, the polls and web responses it can ask, and the shop currency (Shopify accounts only). */
export const getPostPurchaseSurvey = (signal?: AbortSignal) =>
  api.get<TPostPurchaseSettingsResponse['data']>('/api/v1/shopify/post-purchase-survey', { signal });

/** Saves the post-purchase survey; answers the same view as the read. */
export const savePostPurchaseSurvey = (body: TPostPurchaseSettingsRequest) =>
  api.put<TPostPurchaseSettingsResponse['data']>('/api/v1/shopify/post-purchase-survey', body);
