import type { TDataRequestRow } from '@quizlead/shared/schemas/shopifyAccount.ts';
import type { shopifyDataRequests } from '../db/schema/index.ts';

type DataRequestRow = typeof shopifyDataRequests.$inferSelect;

const countOf = (document: Record<string, unknown>, key: string) => {
  const list = document[key];
  return Array.isArray(list) ? list.length : 0;
};

/** Shopify's ids of the orders the customer asked about (documents from before they were kept have none). */
const ordersOf = (document: Record<string, unknown>) => {
  const list = document.ordersRequested;
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
};

export const presentDataRequestRow = (row: DataRequestRow): TDataRequestRow => ({
  id: row.id,
  customerEmail: row.customerEmail,
  shopifyCustomerId: row.shopifyCustomerId,
  createdAt: row.createdAt.toISOString(),
  ordersRequested: ordersOf(row.document),
  counts: {
    quizPlays: countOf(row.document, 'quizPlays'),
    pollVotes: countOf(row.document, 'pollVotes'),
    webResponses: countOf(row.document, 'webResponses'),
    wheelSpins: countOf(row.document, 'wheelSpins'),
  },
});
