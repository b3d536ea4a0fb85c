import PDFDocument from 'pdfkit';
import type { FontWeight } from '../lib/pdfFonts.ts';
import { drawParagraph, faceSelector } from '../lib/pdfParagraph.ts';
import { billingPeriodNames, formatDay, formatMoney, invoiceStatusLabels } from '@quizlead/shared/billing.ts';
import type { TInvoice } from '@quizlead/shared/schemas/billing.ts';

/**
 * An invoice as a one-page A4 PDF (the Invoices screen's download): header with number, issue date and
 * status, seller and buyer, the plan line, the totals and how it was paid. Text is drawn in Noto faces
 * chosen per character (lib/pdfFonts.ts), so a name in Chinese, Arabic or with an emoji reads back as
 * typed; each face is embedded as a subset of the glyphs drawn. The same invoice always gives the same
 * bytes (dates and the document id come from the invoice, never from the clock).
 */

const texts = {
  title: 'INVOICE',
  invoiceNumber: 'Invoice number',
  issueDate: 'Issue date',
  status: 'Status',
  refundedMark: 'REFUNDED',
  from: 'From',
  billTo: 'Bill to',
  description: 'Description',
  amount: 'Amount',
  planLine: (planName: string, periodName: string) => `${planName} plan, ${periodName}`,
  servicePeriod: (from: string, to: string) => `Service period: ${from} – ${to}`,
  subtotal: 'Subtotal',
  discount: (code: string | null) => (code ? `Discount (${code})` : 'Discount'),
  credit: 'Credit for unused time',
  tax: (ratePercent: string) => `Tax (${ratePercent}%)`,
  total: 'Total',
  payment: 'Payment',
  paidWithPayPal: 'Paid with PayPal',
  nothingDue: 'Nothing was due',
  refundedNote: 'This payment was refunded.',
  transactionId: (id: string) => `Transaction ID: ${id}`,
  documentTitle: (number: string) => `Invoice ${number}`,
} as const;

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const page = { size: 'A4', margin: 56 } as const;
const colors = { text: '#1f2933', muted: '#6b7280', rule: '#d1d5db', band: '#f3f4f6', refunded: '#b91c1c' } as const;
const fonts = { regular: 'regular', bold: 'bold' } as const satisfies Record<string, FontWeight>;

export async function renderInvoicePdf(invoice: TInvoice): Promise<Buffer> {
  const issuedAt = new Date(invoice.issuedAt);
  const doc = new PDFDocument({
    size: page.size,
    margin: page.margin,
    // pdfkit derives the trailer's document id from this info (an MD5 of it), so fixed dates give
    // fixed bytes; the default would be the current time.
    info: {
      Title: texts.documentTitle(invoice.number),
      Author: invoice.seller.name,
      Subject: texts.documentTitle(invoice.number),
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
    displayTitle: true,
    lang: 'en',
  });
  const done = collect(doc);
  const useFace = faceSelector(doc);

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const refunded = invoice.status === 'refunded';

  /**
   * Draws text (lines of it, for an array) at (x, y) within `w`, wrapping, and cut with an ellipsis after
   * `maxLines` lines; returns the height it took.
   */
  const write = (
    text: string | readonly string[],
    x: number,
    y: number,
    w: number,
    style: { font?: FontWeight; size?: number; color?: string; align?: 'left' | 'right'; maxLines?: number; spacing?: number },
  ) => {
    const lines = typeof text === 'string' ? [text] : text;
    return drawParagraph(doc, useFace, lines, x, y, w, {
      weight: style.font ?? fonts.regular,
      size: style.size ?? 10,
      color: style.color ?? colors.text,
      align: style.align ?? 'left',
      spacing: style.spacing ?? 0,
      lineGap: 2,
      maxLines: style.maxLines,
    });
  };
  const rule = (x1: number, x2: number, y: number, lineWidth = 0.75, color: string = colors.rule) => {
    doc.moveTo(x1, y).lineTo(x2, y).lineWidth(lineWidth).strokeColor(color).stroke();
  };

  // Header: the title (and the refund mark) on the left, number, date and status on the right.
  let y = page.margin;
  write(texts.title, left, y, width / 2, { font: fonts.bold, size: 26, spacing: 1 });
  let titleBottom = y + 34;
  if (refunded) {
    const markY = y + 40;
    useFace('sans', fonts.bold).fontSize(12);
    const markWidth = doc.widthOfString(texts.refundedMark) + 20;
    doc.roundedRect(left, markY, markWidth, 24, 3).lineWidth(1.5).strokeColor(colors.refunded).stroke();
    // No letter spacing: text extraction would read it as 'R E F U N D E D'.
    write(texts.refundedMark, left + 10, markY + 7, markWidth, { font: fonts.bold, size: 12, color: colors.refunded });
    titleBottom = markY + 24;
  }
  const metaLabelX = right - 220;
  const metaValueX = metaLabelX + 90;
  let metaY = y + 4;
  for (const [label, value] of [
    [texts.invoiceNumber, invoice.number],
    [texts.issueDate, formatDay(issuedAt)],
    [texts.status, invoiceStatusLabels[invoice.status]],
  ] as const) {
    write(label, metaLabelX, metaY, 90, { size: 9, color: colors.muted });
    const valueColor = label === texts.status && refunded ? colors.refunded : colors.text;
    metaY +=
      write(value, metaValueX, metaY - 1, right - metaValueX, { font: fonts.bold, size: 10, align: 'right', color: valueColor }) +
      6;
  }
  y = Math.max(titleBottom, metaY) + 22;
  rule(left, right, y);
  y += 22;

  // Seller and buyer, side by side; a very long address is cut rather than pushed onto a second page.
  const gap = 32;
  const partyWidth = (width - gap) / 2;
  const party = (label: string, { name, lines }: TInvoice['seller'], x: number) => {
    let partyY = y;
    partyY += write(label, x, partyY, partyWidth, { font: fonts.bold, size: 9, color: colors.muted }) + 6;
    partyY += write(name, x, partyY, partyWidth, { font: fonts.bold, size: 11, maxLines: 3 }) + 3;
    const body = lines.filter((line) => line.trim() !== '');
    if (body.length > 0) partyY += write(body, x, partyY, partyWidth, { size: 10, maxLines: 8 });
    return partyY;
  };
  y = Math.max(party(texts.from, invoice.seller, left), party(texts.billTo, invoice.buyer, left + partyWidth + gap)) + 30;

  // The line items: one plan for one period.
  const pad = 8;
  const amountWidth = 130;
  const descriptionWidth = width - amountWidth - pad * 2;
  doc.rect(left, y, width, 22).fill(colors.band);
  write(texts.description, left + pad, y + 7, descriptionWidth, { font: fonts.bold, size: 9, color: colors.muted });
  write(texts.amount, right - pad - amountWidth, y + 7, amountWidth, {
    font: fonts.bold,
    size: 9,
    color: colors.muted,
    align: 'right',
  });
  y += 22 + 10;
  const itemTop = y;
  y += write(texts.planLine(invoice.planName, billingPeriodNames[invoice.period]), left + pad, y, descriptionWidth, {
    font: fonts.bold,
    size: 10.5,
    maxLines: 3,
  });
  y += 3;
  y += write(texts.servicePeriod(formatDay(invoice.periodStart), formatDay(invoice.periodEnd)), left + pad, y, descriptionWidth, {
    size: 9.5,
    color: colors.muted,
  });
  write(money(invoice.priceCents), right - pad - amountWidth, itemTop, amountWidth, { size: 10.5, align: 'right' });
  y += 10;
  rule(left, right, y);
  y += 14;

  // Totals, right-aligned under the amount column.
  const totalsX = left + width * 0.45;
  const totalsAmountWidth = 100;
  const labelWidth = right - pad - totalsAmountWidth - totalsX - 8;
  const totalRow = (label: string, amount: string, bold = false) => {
    const size = bold ? 12 : 10;
    const font = bold ? fonts.bold : fonts.regular;
    const labelHeight = write(label, totalsX, y, labelWidth, { font, size, color: bold ? colors.text : colors.muted });
    write(amount, right - pad - totalsAmountWidth, y, totalsAmountWidth, { font, size, align: 'right' });
    y += Math.max(labelHeight, size + 2) + 7;
  };
  totalRow(texts.subtotal, money(invoice.priceCents));
  if (invoice.discountCents > 0) totalRow(texts.discount(invoice.discountCode), money(-invoice.discountCents));
  if (invoice.creditCents > 0) totalRow(texts.credit, money(-invoice.creditCents));
  totalRow(texts.tax(percentFormat.format(invoice.taxRatePercent)), money(invoice.taxCents));
  y += 1;
  rule(totalsX, right, y, 0.75, colors.text);
  y += 9;
  totalRow(texts.total, money(invoice.totalCents), true);

  // How it was paid.
  y += 26;
  y += write(texts.payment, left, y, width, { font: fonts.bold, size: 9, color: colors.muted }) + 6;
  y += write(invoice.totalCents > 0 ? texts.paidWithPayPal : texts.nothingDue, left, y, width, { size: 10 }) + 3;
  y += write(texts.transactionId(invoice.transactionId), left, y, width, { size: 10, maxLines: 3 }) + 3;
  if (refunded) write(texts.refundedNote, left, y, width, { size: 10, color: colors.refunded });

  doc.end();
  return done;
}

/** The document's bytes once it has ended. */
function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
