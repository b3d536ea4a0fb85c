import {
  BlockStack,
  Box,
  Card,
  InlineGrid,
  Loading,
  Page,
  SkeletonBodyText,
  SkeletonDisplayText,
  Tabs,
  Text,
} from '@shopify/polaris';
import { billingMessages, billingPeriodLabels, billingPeriods, type TBillingPeriod } from '@quizlead/shared/billing.ts';
import type { TPayment, TPlan, TQuote } from '@quizlead/shared/schemas/billing.ts';
import { useCallback, useState, type ReactNode } from 'react';
import { getPlans, quoteCheckout } from '../../api/billing.ts';
import { ApiError, errorNotice } from '../../api/client.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { CheckoutView } from './CheckoutView.tsx';
import { CurrentPlanSummary } from './CurrentPlanSummary.tsx';
import { PaymentNoticeBanner } from './PaymentNoticeBanner.tsx';
import { PlanCards, type CardNotice } from './PlanCards.tsx';
import { planTexts } from './texts.ts';
import { usePaymentReturn } from './usePaymentReturn.ts';
import { useRefreshSessionUser } from './useRefreshSessionUser.ts';

const tabs = billingPeriods.map((period) => ({
  id: `plans-tab-${period}`,
  content: billingPeriodLabels[period],
  panelID: `plans-panel-${period}`,
}));

/**
 * /app/Plans (standalone accounts; the Shopify shell has its own Plan page): the account's plan, the
 * plans of each period as cards, the checkout of the one chosen, and the way back from PayPal. The
 * server decides what may be bought: a refused choice shows its message under the card's button.
 */
export function PlansPage() {
  const plans = useResource(['plans'], getPlans);
  const refreshSession = useRefreshSessionUser();
  const { reload } = plans;
  // A completed payment changes the current plan here and the account's mode everywhere.
  const completed = useCallback(() => {
    reload();
    refreshSession();
  }, [reload, refreshSession]);
  const payment = usePaymentReturn(completed);
  const [period, setPeriod] = useState<TBillingPeriod | null>(null);
  const [choosing, setChoosing] = useState<number | null>(null);
  const [notice, setNotice] = useState<CardNotice | null>(null);
  const [checkout, setCheckout] = useState<TQuote | null>(null);

  const paymentNotice = payment.notice ? (
    <PaymentNoticeBanner
      notice={payment.notice}
      onDismiss={payment.dismiss}
      onRetry={payment.retry}
      onCheckAgain={payment.checkAgain}
    />
  ) : null;

  const { loaded, data } = plans;
  const failed = loaded.state === 'failed' || loaded.state === 'missing';
  if (!data || data.plans.length === 0) {
    let body: ReactNode = <PlansSkeleton />;
    if (failed) {
      body = (
        <LoadFailed
          title={billingMessages.plansLoadFailed}
          message={loaded.state === 'failed' ? loaded.message : billingMessages.planMissing}
          onRetry={reload}
        />
      );
    } else if (data) {
      body = <LoadFailed message={billingMessages.plansLoadFailed} onRetry={reload} />;
    }
    return (
      <Page title={planTexts.title} subtitle={planTexts.intro}>
        <BlockStack gap="400">
          {paymentNotice}
          {body}
        </BlockStack>
        <Box paddingBlockEnd="800" />
      </Page>
    );
  }

  const shownPeriod = period ?? data.current.period ?? 'monthly';

  async function choose(plan: TPlan) {
    setNotice(null);
    if (plan.free) {
      setNotice({ planId: plan.id, tone: 'info', message: billingMessages.freePlan });
      return;
    }
    setChoosing(plan.id);
    try {
      const quote = await quoteCheckout({ planId: plan.id, period: shownPeriod });
      payment.dismiss();
      setCheckout(quote);
      window.scrollTo({ top: 0 });
    } catch (error) {
      // The server's refusals (already active, free plan, not before the period ends…) explain; others fail.
      const refused = error instanceof ApiError && error.status === 400;
      setNotice({ planId: plan.id, tone: refused ? 'info' : 'critical', message: refused ? error.message : errorNotice(error) });
    } finally {
      setChoosing(null);
    }
  }

  function started(completedPayment: TPayment) {
    setCheckout(null);
    payment.settle(completedPayment);
    window.scrollTo({ top: 0 });
  }

  return (
    <Page title={planTexts.title} subtitle={planTexts.intro}>
      {plans.loading ? <Loading /> : null}
      <BlockStack gap="400">
        {paymentNotice}
        {failed ? <LoadFailed message={billingMessages.plansLoadFailed} onRetry={reload} /> : null}
        {checkout ? (
          <CheckoutView quote={checkout} onBack={() => setCheckout(null)} onCompleted={started} />
        ) : (
          <>
            <CurrentPlanSummary current={data.current} />
            <Tabs
              tabs={tabs}
              selected={billingPeriods.indexOf(shownPeriod)}
              onSelect={(index) => {
                setNotice(null);
                setPeriod(billingPeriods[index] ?? 'monthly');
              }}
              fitted
            >
              <Box paddingBlockStart="400">
                <PlanCards
                  plans={data.plans}
                  period={shownPeriod}
                  currency={data.currency}
                  choosing={choosing}
                  disabled={payment.notice?.kind === 'confirming' || payment.notice?.kind === 'pending'}
                  notice={notice}
                  onChoose={(plan) => void choose(plan)}
                />
              </Box>
            </Tabs>
          </>
        )}
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}

function PlansSkeleton() {
  return (
    <BlockStack gap="400">
      <Card>
        <div role="status">
          <Text as="p" visuallyHidden>
            {planTexts.loading}
          </Text>
        </div>
        <SkeletonBodyText lines={2} />
      </Card>
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
        {[0, 1].map((card) => (
          <Card key={card}>
            <BlockStack gap="400">
              <SkeletonDisplayText size="small" />
              <SkeletonDisplayText size="large" />
              <SkeletonBodyText lines={5} />
            </BlockStack>
          </Card>
        ))}
      </InlineGrid>
    </BlockStack>
  );
}
