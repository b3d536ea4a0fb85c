import { billingPeriodNames, type TBillingPeriod } from '@quizlead/shared/billing.ts';
import { moneyValue, type PriceBreakdown } from '../../lib/pricing.ts';

export interface OrderFor extends PriceBreakdown {
  paymentId: string;
  accountId: string;
  planName: string;
  period: TBillingPeriod;
  currency: string;
  brandName: string;
  returnUrl: string;
  cancelUrl: string;
}

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/**
 * The Orders v2 request for a plan payment: one DIGITAL_GOODS item at the period's price with its tax,
 * and a breakdown whose discount is the code's saving plus any credit, so that
 * amount = item_total + tax_total − discount and tax_total = the item's tax, as PayPal checks (C1).
 * custom_id is the account, invoice_id the payment: a webhook finds its payment by either.
 */
export function paypalOrderRequest(order: OrderFor) {
  const money = (cents: number) => ({ currency_code: order.currency, value: moneyValue(cents) });
  const reductionCents = order.discountCents + order.creditCents;
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: `plan-${order.period}`,
        description: cut(`${order.planName} plan, ${billingPeriodNames[order.period]}`, 127),
        custom_id: order.accountId,
        invoice_id: order.paymentId,
        amount: {
          ...money(order.totalCents),
          breakdown: {
            item_total: money(order.priceCents),
            tax_total: money(order.taxCents),
            ...(reductionCents > 0 ? { discount: money(reductionCents) } : {}),
          },
        },
        items: [
          {
            name: cut(`${order.planName} plan`, 127),
            description: cut(billingPeriodNames[order.period], 127),
            quantity: '1',
            unit_amount: money(order.priceCents),
            tax: money(order.taxCents),
            category: 'DIGITAL_GOODS',
          },
        ],
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: cut(order.brandName, 127),
          shipping_preference: 'NO_SHIPPING',
          user_action: 'PAY_NOW',
          return_url: order.returnUrl,
          cancel_url: order.cancelUrl,
        },
      },
    },
  };
}
