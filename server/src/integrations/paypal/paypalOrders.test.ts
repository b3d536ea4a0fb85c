import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountIssues, orderRequestErrors } from '../../test/fakes/paypal/index.ts';
import { arbitraryPriceInputs } from '../../test/billingArbitraries.ts';
import { priceBreakdown } from '../../lib/pricing.ts';
import { paypalOrderRequest } from './paypalOrders.ts';

const orderFor = (inputs: Parameters<typeof priceBreakdown>[0], planName = 'Pro') => ({
  ...priceBreakdown(inputs),
  paymentId: '7f1d6c8e-2b7a-4c1e-9a55-0c8f1f3a9d21',
  accountId: '0b5c2f9e-6d3a-4f8b-8e21-7a4c9d1e5f60',
  planName,
  period: inputs.period,
  currency: 'USD',
  brandName: 'Quizlead',
  returnUrl: 'https://app.example/app/Plans?payment=7f1d6c8e-2b7a-4c1e-9a55-0c8f1f3a9d21',
  cancelUrl: 'https://app.example/app/Plans?payment=7f1d6c8e-2b7a-4c1e-9a55-0c8f1f3a9d21&cancelled=1',
});

describe('paypalOrderRequest', () => {
  it('always passes the Orders v2 schema and its amount rules, whatever the price, discount, credit and tax', () => {
    fc.assert(
      fc.property(arbitraryPriceInputs, fc.string({ maxLength: 200 }), (inputs, planName) => {
        const breakdown = priceBreakdown(inputs);
        fc.pre(breakdown.totalCents > 0); // nothing due goes nowhere near PayPal
        const order = paypalOrderRequest(orderFor(inputs, planName || 'Pro'));
        expect(orderRequestErrors(order)).toEqual([]);
        expect(amountIssues(order.purchase_units[0]!)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('puts the price, the tax and the discount plus credit in the breakdown, and our ids in custom_id and invoice_id', () => {
    const order = paypalOrderRequest(
      orderFor({
        monthlyPriceCents: 1900,
        period: 'yearly',
        discount: { kind: 'percent', percent: 25, amountCents: null },
        creditCents: 1000,
        taxRateBasisPoints: 1800,
      }),
    );
    expect(order.purchase_units[0]).toMatchObject({
      custom_id: '0b5c2f9e-6d3a-4f8b-8e21-7a4c9d1e5f60',
      invoice_id: '7f1d6c8e-2b7a-4c1e-9a55-0c8f1f3a9d21',
      amount: {
        currency_code: 'USD',
        value: '165.77',
        breakdown: { item_total: { value: '200.64' }, tax_total: { value: '25.29' }, discount: { value: '60.16' } },
      },
      items: [{ quantity: '1', unit_amount: { value: '200.64' }, tax: { value: '25.29' }, category: 'DIGITAL_GOODS' }],
    });
  });

  it('is caught by the amount rules when a line is off by a cent', () => {
    const order = paypalOrderRequest(orderFor({ monthlyPriceCents: 1900, period: 'monthly', taxRateBasisPoints: 1800 }));
    const unit = order.purchase_units[0]!;
    expect(amountIssues({ ...unit, amount: { ...unit.amount, value: '22.43' } }).map((issue) => issue.issue)).toContain(
      'AMOUNT_MISMATCH',
    );
    const items = [{ ...unit.items[0]!, tax: { currency_code: 'USD', value: '3.41' } }];
    expect(amountIssues({ ...unit, items }).map((issue) => issue.issue)).toContain('TAX_TOTAL_MISMATCH');
  });
});
