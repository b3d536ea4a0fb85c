import { billingMessages, billingPeriodNames, formatDay, formatMoney, invoiceStatusLabels } from '@quizlead/shared/billing.ts';
import { ZInvoiceResponse, ZInvoicesResponse, type TInvoice, type TInvoiceRow } from '@quizlead/shared/schemas/billing.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invoicePdfUrl } from '../../api/billing.ts';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { adminUrl } from '../../urls.ts';
import { checkoutTexts } from '../plans/texts.ts';
import { InvoicesPage } from './InvoicesPage.tsx';
import { invoiceTexts } from './texts.ts';

const row = (n: number, fields: Partial<TInvoiceRow> = {}): TInvoiceRow => ({
  id: `7b1e0c2a-4d5f-4a6b-8c7d-${String(n).padStart(12, '0')}`,
  number: `INV-${String(n).padStart(6, '0')}`,
  issuedAt: `2026-11-0${n}T10:00:00.000Z`,
  transactionId: `PAYPAL-${n}`,
  totalCents: 1000 * n + 50,
  currency: 'USD',
  status: 'paid',
  ...fields,
});

const invoice = (from: TInvoiceRow): TInvoice => ({
  ...from,
  seller: { name: 'QuizLead Ltd', lines: ['1 Main Street', 'Dublin'] },
  buyer: { name: 'Acme Shop', lines: ['owner@acme.test'] },
  planName: 'Pro',
  period: 'yearly',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2027-11-01T00:00:00.000Z',
  priceCents: 12000,
  discountCents: 1000,
  discountCode: 'WELCOME',
  creditCents: 0,
  taxRatePercent: 10,
  taxCents: 1100,
  totalCents: from.totalCents,
});

/** The list and an invoice, as the server's schemas have them. */
const rows = (items: TInvoiceRow[]) => ({ body: ZInvoicesResponse.parse({ data: items }) });
const one = (from: TInvoiceRow) => ({ body: ZInvoiceResponse.parse({ data: invoice(from) }) });

const open = () => renderScreen(<InvoicesPage />, { path: '/app/Invoices' });
/** The dialog's footer button (its header's × is named Close too). */
const closeButton = (dialog: HTMLElement) => within(dialog).getAllByRole('button', { name: invoiceTexts.close }).at(-1)!;
const view = async (number: string) =>
  (await screen.findByRole('button', { name: invoiceTexts.viewLabel(number) })) as HTMLElement;

describe('the invoices screen', () => {
  it('says it is loading until the invoices arrive, then shows a row per invoice with its PDF', async () => {
    let answer: (value: ReturnType<typeof rows>) => void = () => {};
    const api = fakeApi({ 'GET /api/v1/invoices': () => new Promise((resolve) => (answer = resolve)) as never });
    open();
    expect(screen.getByText(invoiceTexts.loading).closest('[role="status"]')).toBeTruthy();
    answer(rows([row(2), row(1, { status: 'refunded', transactionId: '' })]));

    const first = (await screen.findByText('INV-000002')).closest('tr') as HTMLElement;
    expect(screen.queryByText(invoiceTexts.loading)).toBeNull();
    expect(within(first).getByText(formatDay(row(2).issuedAt))).toBeTruthy();
    expect(within(first).getByText(formatMoney(2050, 'USD'))).toBeTruthy();
    expect(within(first).getByText('PAYPAL-2')).toBeTruthy();
    expect(within(first).getByText(invoiceStatusLabels.paid)).toBeTruthy();
    const pdf = within(first).getByRole('link', { name: invoiceTexts.downloadLabel('INV-000002') });
    expect(pdf.getAttribute('href')).toBe(invoicePdfUrl(row(2).id));
    expect(pdf.getAttribute('download')).toBe('INV-000002.pdf');

    const refunded = screen.getByText('INV-000001').closest('tr') as HTMLElement;
    expect(within(refunded).getByText(invoiceStatusLabels.refunded)).toBeTruthy();
    expect(within(refunded).getByText('–')).toBeTruthy();
    expect(api.requests.map((request) => request.path)).toEqual(['/api/v1/invoices']);
  });

  it('shows the empty state with the way to the plans', async () => {
    fakeApi({ 'GET /api/v1/invoices': () => rows([]) });
    open();
    expect(await screen.findByText(billingMessages.invoicesEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: invoiceTexts.seePlans }).getAttribute('href')).toBe(adminUrl('Plans'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the invoices could not load, and loads them again on Try again', async () => {
    let fail = true;
    const api = fakeApi({ 'GET /api/v1/invoices': () => (fail ? offline() : rows([row(1)])) });
    const { user } = open();
    expect(await screen.findByText(billingMessages.invoicesLoadFailed)).toBeTruthy();
    expect(screen.getByText(/Failed to fetch/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('INV-000001')).toBeTruthy();
    expect(screen.queryByText(billingMessages.invoicesLoadFailed)).toBeNull();
    expect(api.requests).toHaveLength(2);
  });
});

describe('the invoice dialog', () => {
  it('asks for nothing until an invoice is opened, then shows it as issued, with its PDF', async () => {
    let answer: (value: ReturnType<typeof one>) => void = () => {};
    const api = fakeApi({
      'GET /api/v1/invoices': () => rows([row(1), row(2)]),
      [`GET /api/v1/invoices/${row(2).id}`]: () => new Promise((resolve) => (answer = resolve)) as never,
    });
    const { user } = open();
    const button = await view('INV-000002');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests).toHaveLength(1);

    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(invoiceTexts.detailTitle('INV-000002'))).toBeTruthy();
    expect(within(dialog).queryByText(invoiceTexts.seller)).toBeNull();
    answer(one(row(2)));

    expect(await within(dialog).findByText(invoiceTexts.seller)).toBeTruthy();
    expect(within(dialog).getByText('QuizLead Ltd')).toBeTruthy();
    expect(within(dialog).getByText('Dublin')).toBeTruthy();
    expect(within(dialog).getByText(invoiceTexts.buyer)).toBeTruthy();
    expect(within(dialog).getByText('Acme Shop')).toBeTruthy();
    expect(within(dialog).getByText(invoiceTexts.item('Pro', billingPeriodNames.yearly))).toBeTruthy();
    expect(
      within(dialog).getByText(`${formatDay('2026-11-01T00:00:00.000Z')} – ${formatDay('2027-11-01T00:00:00.000Z')}`),
    ).toBeTruthy();
    const charges = within(dialog).getByLabelText(checkoutTexts.lines);
    expect(within(charges).getByText(checkoutTexts.discount('WELCOME'))).toBeTruthy();
    expect(within(charges).getByText(`−${formatMoney(1000, 'USD')}`)).toBeTruthy();
    expect(within(charges).getByText(formatMoney(2050, 'USD'))).toBeTruthy();
    expect(within(charges).queryByText(checkoutTexts.credit)).toBeNull();
    expect(within(dialog).getByRole('link', { name: invoiceTexts.downloadPdf }).getAttribute('href')).toBe(
      invoicePdfUrl(row(2).id),
    );
    expect(api.requests.map((request) => request.path)).toEqual(['/api/v1/invoices', `/api/v1/invoices/${row(2).id}`]);

    await user.click(closeButton(dialog));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the invoice could not load, and loads it again on Try again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/v1/invoices': () => rows([row(1)]),
      [`GET /api/v1/invoices/${row(1).id}`]: () => (fail ? offline() : one(row(1))),
    });
    const { user } = open();
    await user.click(await view('INV-000001'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Failed to fetch/)).toBeTruthy();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Acme Shop')).toBeTruthy();
    expect(within(dialog).queryByText(/Failed to fetch/)).toBeNull();
  });

  it('says an invoice the server does not know was not found', async () => {
    fakeApi({ 'GET /api/v1/invoices': () => rows([row(1)]) });
    const { user } = open();
    await user.click(await view('INV-000001'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(invoiceTexts.missing)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: invoiceTexts.downloadPdf })).toBeTruthy();
  });

  it('shows the invoice opened, never the one opened before it while it loads', async () => {
    let answer: (value: ReturnType<typeof one>) => void = () => {};
    fakeApi({
      'GET /api/v1/invoices': () => rows([row(1), row(2)]),
      [`GET /api/v1/invoices/${row(1).id}`]: () => one(row(1)),
      [`GET /api/v1/invoices/${row(2).id}`]: () => new Promise((resolve) => (answer = resolve)) as never,
    });
    const { user } = open();
    await user.click(await view('INV-000001'));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(formatMoney(1050, 'USD'))).toBeTruthy();
    await user.click(closeButton(dialog));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();

    await user.click(await view('INV-000002'));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(invoiceTexts.detailTitle('INV-000002'))).toBeTruthy();
    expect(within(dialog).queryByText(invoiceTexts.seller)).toBeNull();
    expect(within(dialog).queryByText(formatMoney(1050, 'USD'))).toBeNull();
    answer(one(row(2)));
    expect(await within(dialog).findByText(formatMoney(2050, 'USD'))).toBeTruthy();
  });
});
