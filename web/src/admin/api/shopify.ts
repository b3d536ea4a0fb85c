import type {
  TShopifyPlan,
  TShopNotificationEmail,
  TShopNotificationEmailRequest,
} from '@quizlead/shared/schemas/shopifyAccount.ts';
import { api } from './client.ts';

/** The shop's plan as Shopify bills it, and the link to Shopify's plan page (Shopify accounts only). */
export const getShopifyPlan = (signal?: AbortSignal) => api.get<TShopifyPlan>('/api/v1/shopify/plan', { signal });

/** Where the app's mail to the merchant goes (Shopify accounts only). */
export const getShopNotificationEmail = (signal?: AbortSignal) =>
  api.get<TShopNotificationEmail>('/api/v1/shopify/notification-email', { signal });

/** Chooses that address; '' sends the mail to the store's own address again. */
export const saveShopNotificationEmail = (body: TShopNotificationEmailRequest) =>
  api.put<TShopNotificationEmail>('/api/v1/shopify/notification-email', body);
