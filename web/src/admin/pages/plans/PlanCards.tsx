import { Badge, Banner, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { formatMoney, type TBillingPeriod } from '@quizlead/shared/billing.ts';
import type { TPlan } from '@quizlead/shared/schemas/billing.ts';
import { planTexts } from './texts.ts';
import './plans.css';

/** Why a card's button did not open the checkout, shown under that button (where the owner is looking). */
export interface CardNotice {
  planId: number;
  tone: 'info' | 'critical';
  message: string;
}

interface Props {
  plans: readonly TPlan[];
  period: TBillingPeriod;
  currency: string;
  /** The plan whose quote is on its way. */
  choosing: number | null;
  /** A payment is being confirmed: nothing else is bought meanwhile. */
  disabled: boolean;
  notice: CardNotice | null;
  onChoose(plan: TPlan): void;
}

/** The price a card shows: per month, and for 12 months the discounted month with what is billed. */
function Price({ plan, period, currency }: { plan: TPlan; period: TBillingPeriod; currency: string }) {
  const yearly = period === 'yearly';
  const perMonth = yearly ? Math.round(plan.yearlyPriceCents / 12) : plan.monthlyPriceCents;
  return (
    <BlockStack gap="100">
      <div className="ql-plan-card__price">
        <Text as="span" variant="heading2xl">
          {formatMoney(perMonth, currency)}
        </Text>
        <Text as="span" tone="subdued">
          {planTexts.perMonth}
        </Text>
      </div>
      {plan.free ? null : (
        <Text as="p" tone="subdued" variant="bodySm">
          {yearly ? planTexts.billedYearly(formatMoney(plan.yearlyPriceCents, currency)) : planTexts.billedMonthly}
        </Text>
      )}
    </BlockStack>
  );
}

/** The plans of one period side by side (one under another on phones), each with its button. */
export function PlanCards({ plans, period, currency, choosing, disabled, notice, onChoose }: Props) {
  return (
    <ul className="ql-plans" aria-label={planTexts.plansList}>
      {plans.map((plan) => (
        <li key={plan.id} className="ql-plans__item">
          <Card>
            <div className="ql-plan-card" data-plan-id={plan.id}>
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center" gap="200">
                  <Text as="h3" variant="headingLg" breakWord>
                    {plan.name}
                  </Text>
                  {plan.current ? <Badge tone="success">{planTexts.currentBadge}</Badge> : null}
                </InlineStack>
                <Price plan={plan} period={period} currency={currency} />
              </BlockStack>
              <div className="ql-plan-card__body">
                {/* Sanitized by the server when the plan was saved. */}
                <div className="ql-plan-card__description" dangerouslySetInnerHTML={{ __html: plan.descriptionHtml }} />
              </div>
              <BlockStack gap="300">
                <Button
                  fullWidth
                  size="large"
                  variant={plan.free || plan.current ? 'secondary' : 'primary'}
                  loading={choosing === plan.id}
                  disabled={disabled || (choosing !== null && choosing !== plan.id)}
                  onClick={() => onChoose(plan)}
                >
                  {planTexts.choose(plan.name)}
                </Button>
                {notice?.planId === plan.id ? (
                  <Banner tone={notice.tone}>
                    <p>{notice.message}</p>
                  </Banner>
                ) : null}
              </BlockStack>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
