import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getDocumentProxy, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney } from '@quizlead/shared/billing.ts';
import type { TInvoice } from '@quizlead/shared/schemas/billing.ts';
import { pdfFonts, pdfText } from '../test/pdfText.ts';
import { renderInvoicePdf } from './invoicePdf.ts';

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

  it('draws names in any script as typed, in embedded font subsets', async () => {
    const names = {
      latin: 'Société Générale Zoë Łódź',
      cjk: 'Société 中文 Ltd 東京 ひらがな',
      korean: '한국어 회사',
      cyrillic: 'ООО «Ромашка»',
      greek: 'Ελληνική Εταιρεία',
      arabic: 'شركة الأمل',
      hebrew: 'חברה בע״מ',
      emoji: 'Party 🎉 Co 👩‍💻',
    };
    const bytes = await renderInvoicePdf({
      ...sample,
      seller: { name: names.cjk, lines: [names.cyrillic, names.greek, names.korean] },
      buyer: { name: names.arabic, lines: [names.latin, names.hebrew, names.emoji, 'tab\there', '“quoted” – €5'] },
    });
    const text = await pdfText(bytes);
    // PDF.js reads right-to-left text back in logical order, as pdftotext does.
    for (const name of Object.values(names)) expect(text).toContain(name);
    expect(text).toContain('tab here');
    expect(text).toContain('“quoted” – €5');
    expect(text).not.toContain('?');

    const fonts = await pdfFonts(bytes);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(
      expect.arrayContaining([
        'NotoSans-Bold',
        'NotoSans-Regular',
        'NotoSansHans-Bold',
        'NotoNaskhArabic-Bold',
        'NotoEmoji-Regular',
      ]),
    );
    // Every font is in the file, as a subset (its name tagged), never referred to by name only.
    for (const font of fonts) expect(font).toEqual({ name: expect.stringMatching(/^[A-Z]{6}\+/), embedded: true });
    // Subsets: the CJK faces alone are 5–8 MB each as whole files.
    expect(bytes.length).toBeLessThan(150_000);
  });

  it('keeps a Latin-only invoice small, with the Latin face only', async () => {
    const bytes = await renderInvoicePdf(sample);
    const fonts = await pdfFonts(bytes);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    expect(bytes.length).toBeLessThan(40_000);
  });

  it('draws a character no font has as a question mark, and drops control characters', async () => {
    const text = await textOf({ ...sample, buyer: { name: 'A\u0007B \u{10FFFD} C', lines: [] } });
    expect(text).toContain('AB ? C');
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
