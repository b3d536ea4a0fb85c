import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatDay, formatMoney } from '@quizlead/shared/billing.ts';
import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ownerEmail } from '../../db/queries/owner.ts';
import { invoices } from '../../db/schema/index.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { invoiceMail } from '../../integrations/mail/templates.ts';
import { accountAdminLink } from '../../lib/adminLinks.ts';
import { presentInvoice } from '../../presenters/invoice.ts';
import { renderInvoicePdf } from '../../presenters/invoicePdf.ts';
import { defineTask } from '../task.ts';

/** Emails a new invoice to the account's owner with its PDF attached. */
export const sendInvoiceTask = defineTask({
  name: 'billing.send-invoice',
  payload: z.object({ invoiceId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  handler: async (payload, deps: { db: Db; mailer: Mailer; servicesReady: Promise<Services> }) => {
    const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, payload.invoiceId)).limit(1);
    if (!row) return;
    const to = await ownerEmail(deps.db, row.accountId);
    if (!to) return;
    const invoice = presentInvoice(row);
    const { env } = await deps.servicesReady;
    const adminLink = await accountAdminLink(deps.db, env, row.accountId);
    const mail = invoiceMail(adminLink('Invoices'), {
      number: invoice.number,
      planName: row.planName,
      periodEnd: formatDay(row.periodEnd),
      total: formatMoney(row.totalCents, row.currency),
    });
    await deps.mailer.send({
      to,
      ...mail,
      attachments: [
        { filename: `${invoice.number}.pdf`, content: await renderInvoicePdf(invoice), contentType: 'application/pdf' },
      ],
    });
  },
});
