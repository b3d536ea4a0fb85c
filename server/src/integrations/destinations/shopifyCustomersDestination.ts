import type { DestinationHandler } from './destination.ts';

/** Leads into the shop's customers (Admin GraphQL); written in the next commit. */
export const shopifyCustomersDestination: DestinationHandler = {
  async attempt() {
    return { ok: false, retryable: false, message: 'Shopify customers are not connected yet.', exchange: [] };
  },
};
