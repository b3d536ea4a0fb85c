import { formatMoney } from '@quizlead/shared/billing.ts';
import type { TQuote } from '@quizlead/shared/schemas/billing.ts';
import { checkoutTexts } from './texts.ts';
import './plans.css';

/** The amounts of a quote or an invoice, all as the server computed them. */
export type Charges = Pick<
  TQuote,
  'priceCents' | 'discountCents' | 'discountCode' | 'creditCents' | 'taxRatePercent' | 'taxCents' | 'totalCents' | 'currency'
>;

const minus = (cents: number, currency: string) => `−${formatMoney(cents, currency)}`;

/**
 * Price, discount, credit for unused time, tax and the total, one line each (lines that take nothing off
 * are left out). Nothing is added up here: a browser that computed a total could disagree with the charge.
 */
export function ChargeLines({ charges, busy = false }: { charges: Charges; busy?: boolean }) {
  const { currency } = charges;
  const lines: [string, string][] = [[checkoutTexts.price, formatMoney(charges.priceCents, currency)]];
  if (charges.discountCents > 0)
    lines.push([checkoutTexts.discount(charges.discountCode), minus(charges.discountCents, currency)]);
  if (charges.creditCents > 0) lines.push([checkoutTexts.credit, minus(charges.creditCents, currency)]);
  lines.push([checkoutTexts.tax(charges.taxRatePercent), formatMoney(charges.taxCents, currency)]);
  return (
    <dl className="ql-charges" aria-label={checkoutTexts.lines} aria-busy={busy || undefined}>
      {lines.map(([label, amount]) => (
        <div key={label} className="ql-charges__line">
          <dt>{label}</dt>
          <dd>{amount}</dd>
        </div>
      ))}
      <div className="ql-charges__line ql-charges__line--total">
        <dt>{checkoutTexts.total}</dt>
        <dd>{formatMoney(charges.totalCents, currency)}</dd>
      </div>
    </dl>
  );
}
