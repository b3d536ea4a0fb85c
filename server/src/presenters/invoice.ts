import type { TInvoice, TInvoiceRow } from '@quizlead/shared/schemas/billing.ts';
import type { invoices } from '../db/schema/index.ts';

type InvoiceRecord = typeof invoices.$inferSelect;

/** The sequential number as printed: INV-000042. */
export const invoiceNumber = (number: number): string => `INV-${String(number).padStart(6, '0')}`;

export const presentInvoiceRow = (row: InvoiceRecord): TInvoiceRow => ({
  id: row.id,
  number: invoiceNumber(row.number),
  issuedAt: row.issuedAt.toISOString(),
  transactionId: row.transactionId,
  totalCents: row.totalCents,
  currency: row.currency,
  status: row.status,
});

export const presentInvoice = (row: InvoiceRecord): TInvoice => ({
  ...presentInvoiceRow(row),
  seller: row.seller,
  buyer: row.buyer,
  planName: row.planName,
  period: row.period,
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  priceCents: row.priceCents,
  discountCents: row.discountCents,
  discountCode: row.discountCode,
  creditCents: row.creditCents,
  taxRatePercent: row.taxRateBasisPoints / 100,
  taxCents: row.taxCents,
});
