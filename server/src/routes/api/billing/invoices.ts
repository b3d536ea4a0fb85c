import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { ZInvoiceResponse, ZInvoicesResponse } from '@quizlead/shared/schemas/billing.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { invoices } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { findOwnInvoice, requireStandaloneAccount } from '../../../policies/billing.ts';
import { presentInvoice, presentInvoiceRow } from '../../../presenters/invoice.ts';
import { renderInvoicePdf } from '../../../presenters/invoicePdf.ts';
import type { ApiRouter } from '../../apiRouter.ts';

const ZInvoiceParams = z.object({ id: ZId });

/** The Invoices page (spec §2 Invoices, §7 payment/getinvoices): the list, one invoice, its PDF. */
export function invoiceRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/invoices',
    summary: "The account's invoices, newest first: number, date, transaction id, amount, status",
    tags: ['billing'],
    access: 'owner',
    can: 'billing.read',
    responses: { 200: ZInvoicesResponse, 404: 'A Shopify shop (billed by Shopify)' },
    handler: async ({ ctx, db, auth }) => {
      await requireStandaloneAccount(db, auth);
      const rows = await db
        .select()
        .from(invoices)
        .where(scoped(invoices, auth.accountId))
        .orderBy(desc(invoices.issuedAt), desc(invoices.number));
      ctx.body = { data: rows.map(presentInvoiceRow) };
    },
  });

  api.route({
    method: 'get',
    path: '/invoices/:id',
    summary: 'One invoice with its parties, lines and totals',
    tags: ['billing'],
    access: 'owner',
    can: 'billing.read',
    params: ZInvoiceParams,
    responses: { 200: ZInvoiceResponse, 404: 'Not an invoice of this account' },
    handler: async ({ ctx, db, auth, params }) => {
      ctx.body = { data: presentInvoice(await findOwnInvoice(db, auth, params.id)) };
    },
  });

  api.route({
    method: 'get',
    path: '/invoices/:id/pdf',
    summary: 'One invoice as a PDF download',
    tags: ['billing'],
    access: 'owner',
    can: 'billing.read',
    params: ZInvoiceParams,
    responses: { 200: 'application/pdf', 404: 'Not an invoice of this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const invoice = presentInvoice(await findOwnInvoice(db, auth, params.id));
      ctx.attachment(`${invoice.number}.pdf`);
      ctx.type = 'application/pdf';
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = await renderInvoicePdf(invoice);
    },
  });
}
