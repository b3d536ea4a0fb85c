import { dataRequestCustomer } from '@quizlead/shared/schemas/shopifyAccount.ts';

/** Settings → Customer data requests: its words (inside Shopify's admin only). */
export const dataRequestTexts = {
  title: 'Customer data requests',
  description: 'Customers who asked your store for the data the app holds about them.',
  empty: 'No customer has asked for their data.',
  intro:
    'Shopify passes on each customer’s request for their data. Download the document and send it to the customer within 30 days.',
  download: 'Download',
  downloadLabel: (customer: string) => `Download the data of ${customer}`,
  customer: dataRequestCustomer,
  orders: (count: number) => (count === 0 ? 'No orders named' : count === 1 ? '1 order' : `${count} orders`),
  columns: { date: 'Received', customer: 'Customer', orders: 'Orders', document: 'Document' },
} as const;
