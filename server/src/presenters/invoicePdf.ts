import PDFDocument from 'pdfkit';
import { billingPeriodNames, formatDay, formatMoney, invoiceStatusLabels } from '@quizlead/shared/billing.ts';
import type { TInvoice } from '@quizlead/shared/schemas/billing.ts';

/**
 * An invoice as a one-page A4 PDF (the Invoices screen's download): header with number, issue date and
 * status, seller and buyer, the plan line, the totals and how it was paid. Built-in Helvetica only, so
 * no font files: text is reduced to what its WinAnsi encoding can show. The same invoice always gives
 * the same bytes (dates and the document id come from the invoice, never from the clock).
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

/** The characters outside Latin-1 that WinAnsiEncoding still has (Windows-1252's 0x80–0x9F). */
const winAnsiExtras = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c,
  0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

/**
 * The text as the built-in fonts can draw it: composed (NFC) so accented letters stay one character,
 * whitespace controls as spaces, and every character WinAnsi cannot encode (emoji, CJK, most of
 * Unicode) as one '?' per code point instead of garbage glyphs.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(code)) out += char;
    else if (code === 0x09 || code === 0x0a || code === 0x0d) out += ' ';
    else out += '?';
  }
  return out;
}

const page = { size: 'A4', margin: 56 } as const;
const colors = { text: '#1f2933', muted: '#6b7280', rule: '#d1d5db', band: '#f3f4f6', refunded: '#b91c1c' } as const;
const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

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
    style: { font?: string; size?: number; color?: string; align?: 'left' | 'right'; maxLines?: number; spacing?: number },
  ) => {
    doc
      .font(style.font ?? fonts.regular)
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? colors.text);
    const lineGap = 2;
    const options: PDFKit.Mixins.TextOptions = {
      width: w,
      align: style.align ?? 'left',
      lineGap,
      characterSpacing: style.spacing ?? 0,
    };
    if (style.maxLines !== undefined) {
      // pdfkit puts its ellipsis on a line when a second one would not fit in `height` (it ignores
      // lineGap there), and stops at the first line that does not fit: this height allows exactly
      // maxLines lines, the last one ending in '…' when the text goes on.
      const lineHeight = doc.currentLineHeight(true);
      options.height = (style.maxLines - 1) * (lineHeight + lineGap) + 1.5 * lineHeight;
      options.ellipsis = true;
    }
    const safe = typeof text === 'string' ? toWinAnsi(text) : text.map(toWinAnsi).join('\n');
    doc.text(safe, x, y, options);
    return doc.y - y;
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
    doc.font(fonts.bold).fontSize(12);
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
