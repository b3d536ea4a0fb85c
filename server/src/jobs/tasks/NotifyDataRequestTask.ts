import { z } from 'zod';
import { formatDay } from '@quizlead/shared/billing.ts';
import { dataRequestCustomer } from '@quizlead/shared/schemas/shopifyAccount.ts';
import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ownerEmail } from '../../db/queries/owner.ts';
import { findOwnDataRequest } from '../../policies/shop.ts';
import { dataRequestMail } from '../../integrations/mail/dataRequestMail.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { accountAdminLink } from '../../lib/adminLinks.ts';
import { AppError } from '../../errors.ts';
import { defineTask } from '../task.ts';

/**
 * Tells a shop's owner that a customer asked for their data (customers/data_request), at the address
 * mail to the owner goes to now, with a link to the list inside Shopify's admin. Enqueued in the
 * transaction that stores the request; the job row holds ids only, never the customer's email.
 */
export const notifyDataRequestTask = defineTask({
  name: 'shopify.data-request.notify',
  payload: z.object({ accountId: z.uuid(), dataRequestId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 60, backoff: true },
  handler: async ({ accountId, dataRequestId }, deps: { db: Db; mailer: Mailer; servicesReady: Promise<Services> }) => {
    let request;
    try {
      request = await findOwnDataRequest(deps.db, { accountId }, dataRequestId);
    } catch (error) {
      // Erased since (customers/redact, shop/redact): nothing to tell.
      if (error instanceof AppError && error.status === 404) return;
      throw error;
    }
    const to = await ownerEmail(deps.db, accountId);
    if (!to) return;
    const { env } = await deps.servicesReady;
    const adminLink = await accountAdminLink(deps.db, env, accountId);
    const orders = (request.document as { ordersRequested?: unknown }).ordersRequested;
    const mail = dataRequestMail(adminLink('Settings'), {
      customer: dataRequestCustomer(request),
      orders: Array.isArray(orders) ? orders.length : 0,
      receivedOn: formatDay(request.createdAt),
    });
    await deps.mailer.send({ to, ...mail });
  },
});
