import type { TShopifyPlan } from '@quizlead/shared/schemas/shopifyAccount.ts';
import { api } from './client.ts';

/** The shop's plan as Shopify bills it, and the link to Shopify's plan page (Shopify accounts only). */
export const getShopifyPlan = (signal?: AbortSignal) => api.get<TShopifyPlan>('/api/v1/shopify/plan', { signal });
