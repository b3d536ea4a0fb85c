import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getDocumentProxy, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney } from '@quizlead/shared/billing.ts';
import type { TInvoice } from '@quizlead/shared/schemas/billing.ts';
import { pdfText } from '../test/pdfText.ts';
import { renderInvoicePdf, toWinAnsi } from './invoicePdf.ts';

const sample: TInvoice = {
  id: '3f0c9a52-6a3e-4b8e-9a55-2f1f8d1c7a10',
  number: 'INV-000042',
  issuedAt: '2026-11-24T09:15:00.000Z',
  transactionId: '8MC585209K746392H',
  totalCents: 12_243,
  currency: 'USD',
  status: 'paid',
  seller: { name: 'QuizLead Ltd', lines: ['12 Harbour Street', 'Dublin D02 XY45', 'Ireland', 'VAT IE1234567X'] },
  buyer: { name: 'Ada Lovelace', lines: ['Analytical Engines GmbH', 'https://engines.example.com', 'ada@engines.example.com'] },
  planName: 'Pro',
  period: 'yearly',
  periodStart: '2026-11-24T09:15:00.000Z',
  periodEnd: '2026-12-24T09:15:00.000Z',
  priceCents: 12_672,
  discountCents: 1_267,
  discountCode: 'WELCOME10',
  creditCents: 1_200,
  taxRatePercent: 23,
  taxCents: 2_038,
};

const textOf = async (invoice: TInvoice) => pdfText(await renderInvoicePdf(invoice));

describe('renderInvoicePdf', () => {
  it('shows the number, dates, parties, every line and the total as formatted', async () => {
    const bytes = await renderInvoicePdf(sample);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);

    for (const expected of [
      'INVOICE',
      'INV-000042',
      '24 Nov 2026',
      'Paid',
      'QuizLead Ltd',
      '12 Harbour Street',
      'VAT IE1234567X',
      'Bill to',
      'Ada Lovelace',
      'Analytical Engines GmbH',
      'https://engines.example.com',
      'ada@engines.example.com',
      'Pro plan, 12 months',
      '24 Nov 2026 – 24 Dec 2026',
      'Subtotal',
      'Discount (WELCOME10)',
      'Credit for unused time',
      'Tax (23%)',
      'Total',
      'Transaction ID: 8MC585209K746392H',
      'Paid with PayPal',
    ])
      expect(text).toContain(expected);

    expect(formatMoney(12_672)).toBe('$126.72');
    for (const amount of ['$126.72', '-$12.67', '-$12.00', '$20.38', '$122.43']) expect(text).toContain(amount);
    expect(text).not.toContain('Refunded');
    expect(text).not.toContain('Nothing was due');
  });

  it('marks a refunded invoice', async () => {
    const text = await textOf({ ...sample, status: 'refunded' });
    expect(text).toContain('Refunded');
    expect(text).toContain('REFUNDED');
  });

  it('leaves out zero discount and credit rows, and says when nothing was due', async () => {
    const text = await textOf({
      ...sample,
      discountCents: 0,
      discountCode: null,
      creditCents: 12_672,
      taxCents: 0,
      totalCents: 0,
    });
    expect(text).not.toContain('Discount');
    expect(text).toContain('Credit for unused time');
    expect(text).toContain('$0.00');
    expect(text).toContain('Nothing was due');
    expect(text).not.toContain('Paid with PayPal');

    const plain = await textOf({ ...sample, discountCents: 0, discountCode: null, creditCents: 0 });
    expect(plain).not.toContain('Discount');
    expect(plain).not.toContain('Credit for unused time');
    expect(plain).toContain('Tax (23%)');
  });

  it('draws names with emoji and CJK as question marks, keeping Latin-1 and WinAnsi letters', async () => {
    const bytes = await renderInvoicePdf({
      ...sample,
      buyer: { name: 'Café 🎉 東京 Zoë', lines: ['Łódź “quoted” – €5', 'tab\there'] },
    });
    const text = await pdfText(bytes);
    expect(text).toContain('Café ? ?? Zoë');
    expect(text).toContain('?ód? “quoted” – €5');
    expect(text).toContain('tab here');
    expect(toWinAnsi('e\u0301👩‍💻')).toBe('é???');
  });

  it('wraps long names and lines and stays on one page', async () => {
    const long = 'Very Long Company Name '.repeat(12);
    const bytes = await renderInvoicePdf({
      ...sample,
      planName: 'Enterprise Unlimited Everything',
      seller: { name: long, lines: Array.from({ length: 20 }, (_, i) => `Address line ${i + 1} ${'x'.repeat(80)}`) },
      buyer: { name: 'A'.repeat(200), lines: ['https://example.com/' + 'path/'.repeat(40)] },
      transactionId: 'T'.repeat(300),
    });
    const text = await pdfText(bytes);
    expect(text).toContain('Enterprise Unlimited Everything plan, 12 months');
    expect(text).toContain('$122.43');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(1);
    await pdf.loadingTask.destroy();
  });

  it('sets the metadata and gives the same bytes for the same invoice', async () => {
    const first = await renderInvoicePdf(sample);
    const second = await renderInvoicePdf(sample);
    expect(first.equals(second)).toBe(true);
    const { info } = await getMeta(new Uint8Array(first));
    expect(info).toMatchObject({
      Title: 'Invoice INV-000042',
      Author: 'QuizLead Ltd',
      CreationDate: 'D:20261124091500Z',
      ModDate: 'D:20261124091500Z',
    });

    const other = await renderInvoicePdf({ ...sample, number: 'INV-000043' });
    expect(other.equals(first)).toBe(false);
  });

  it('formats dates in UTC', () => {
    expect(formatDay('2026-11-24T23:59:59.000Z')).toBe('24 Nov 2026');
    expect(formatDay('2026-09-01T00:00:00.000Z')).toBe('1 Sep 2026');
  });

  it.runIf(process.env.WRITE_SAMPLES)('writes test-results/invoice-sample*.pdf to look at', async () => {
    const dir = fileURLToPath(new URL('../../../test-results/', import.meta.url));
    await mkdir(dir, { recursive: true });
    await writeFile(`${dir}invoice-sample.pdf`, await renderInvoicePdf(sample));
    await writeFile(`${dir}invoice-sample-refunded.pdf`, await renderInvoicePdf({ ...sample, status: 'refunded' }));
  });
});
