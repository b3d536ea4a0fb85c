import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../../db/schema/index.ts';
import { createDiscountCode, payFor, startBillingWorld, type BillingWorld } from '../../../test/billingKit.ts';
import { createOwner } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdfText.ts';

let billing: BillingWorld;

beforeAll(async () => {
  billing = await startBillingWorld({ INVOICE_SELLER: 'Quizlead Ltd|1 Harbour Street|Dublin' });
});

afterAll(async () => {
  await billing.stop();
});

describe('invoices', () => {
  it('lists none for an account that never paid', async () => {
    const owner = await createOwner(billing.server);
    const response = await owner.client.get('/api/v1/invoices');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it('numbers invoices in sequence and lists, shows and prints each with its parties and totals', async () => {
    const owner = await createOwner(billing.server);
    await billing.server.services.database.db
      .update(accounts)
      .set({ companyName: 'Acme Widgets', companyUrl: 'https://acme.example' })
      .where(eq(accounts.id, owner.account.id));
    const code = await createDiscountCode(billing.server, { code: `TENOFF${Date.now()}`, kind: 'percent', percent: 10 });
    const first = await payFor(billing, owner.client, { period: 'monthly' });
    const second = await payFor(billing, owner.client, { period: 'yearly', discountCode: code.code });

    const list = await owner.client.get('/api/v1/invoices');
    expect(list.body.data).toHaveLength(2);
    const [newest, oldest] = list.body.data;
    expect(newest.id).toBe(second.invoiceId);
    expect(oldest.id).toBe(first.invoiceId);
    const numberOf = (row: { number: string }) => Number(row.number.slice(4));
    expect(numberOf(newest)).toBe(numberOf(oldest) + 1);
    expect(oldest).toMatchObject({ totalCents: 2242, currency: 'USD', status: 'paid', transactionId: expect.any(String) });

    const detail = (await owner.client.get(`/api/v1/invoices/${newest.id}`)).body.data;
    // 12 months: 200.64, less 10% (20.06), less the unused month's credit, plus 18% tax.
    expect(detail).toMatchObject({
      seller: { name: 'Quizlead Ltd', lines: ['1 Harbour Street', 'Dublin'] },
      buyer: { name: 'Acme Widgets', lines: ['Olive Owner', 'https://acme.example', owner.email] },
      planName: 'Pro',
      period: 'yearly',
      priceCents: 20_064,
      discountCents: 2006,
      discountCode: code.code,
      taxRatePercent: 18,
    });
    expect(detail.totalCents).toBe(detail.priceCents - detail.discountCents - detail.creditCents + detail.taxCents);

    const pdf = await fetch(`${billing.server.url}/api/v1/invoices/${newest.id}/pdf`, {
      headers: { cookie: owner.client.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${newest.number}.pdf"`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const expected of [
      newest.number,
      'Quizlead Ltd',
      'Acme Widgets',
      'Pro plan, 12 months',
      '$200.64',
      '-$20.06',
      '$' + (detail.totalCents / 100).toFixed(2),
      detail.transactionId,
    ])
      expect(text).toContain(expected);
  });

  it('answers 404 for another account’s invoice, its PDF, and lists only the account’s own', async () => {
    const owner = await createOwner(billing.server);
    const other = await createOwner(billing.server);
    const paid = await payFor(billing, owner.client);
    expect((await other.client.get(`/api/v1/invoices/${paid.invoiceId}`)).status).toBe(404);
    expect((await other.client.get(`/api/v1/invoices/${paid.invoiceId}/pdf`)).status).toBe(404);
    expect((await other.client.get('/api/v1/invoices')).body.data).toEqual([]);
    expect((await owner.client.get(`/api/v1/invoices/${paid.invoiceId}`)).status).toBe(200);
    expect((await owner.client.get('/api/v1/invoices/not-a-uuid')).status).toBe(400);
  });
});
