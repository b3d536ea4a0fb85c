import { productName } from '@quizlead/shared/constants.ts';
import type { MailMessage } from './mailer.ts';

type Mail = Omit<MailMessage, 'to'>;

/**
 * To a shop's owner when Shopify forwards a customer's request for their data (customers/data_request):
 * the merchant must answer it within 30 days, and the document to send on is ready in the app.
 */
export const dataRequestMail = (listUrl: string, request: { customer: string; orders: number; receivedOn: string }): Mail => ({
  subject: `${request.customer} asked your store for their data`,
  text: [
    'Hello,',
    '',
    `${request.customer} asked your store for the data held about them, and Shopify passed the request on to ${productName} on ${request.receivedOn}.`,
    ...(request.orders > 0 ? [`The request names ${request.orders === 1 ? '1 order' : `${request.orders} orders`}.`] : []),
    '',
    `${productName} has gathered what it holds about this customer into a document. Download it and send it to the customer:`,
    listUrl,
    '',
    'Shopify asks stores to answer data requests within 30 days.',
  ].join('\n'),
});
