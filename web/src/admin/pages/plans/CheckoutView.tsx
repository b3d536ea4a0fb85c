import { Banner, BlockStack, Button, Card, Form, InlineStack, Text, TextField } from '@shopify/polaris';
import { billingLimits, billingMessages, billingPeriodNames, formatDay } from '@quizlead/shared/billing.ts';
import type { TPayment, TQuote } from '@quizlead/shared/schemas/billing.ts';
import { useEffect, useRef, useState } from 'react';
import { createCheckout, quoteCheckout, validateDiscountCode } from '../../api/billing.ts';
import { ApiError, errorMessage, errorNotice } from '../../api/client.ts';
import { ChargeLines } from './ChargeLines.tsx';
import { checkoutTexts } from './texts.ts';

interface Props {
  /** The server's first quote for the chosen plan and period. */
  quote: TQuote;
  onBack(): void;
  /** Nothing was due (a full discount or credit): the plan has started. */
  onCompleted(payment: TPayment): void;
}

interface Problem {
  title?: string;
  message: string;
}

/**
 * The checkout of one plan and period: the period's dates, a discount code, the server's lines and
 * total, then PayPal (its approval page, which sends the owner back to Plans) or, when nothing is due,
 * the plan at once. Every amount is the server's; a code is checked by the server before it counts.
 */
export function CheckoutView({ quote: firstQuote, onBack, onCompleted }: Props) {
  const [quote, setQuote] = useState(firstQuote);
  const [code, setCode] = useState(firstQuote.discountCode ?? '');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [applied, setApplied] = useState<string | null>(null);
  const [busy, setBusy] = useState<'applying' | 'quoting' | 'paying' | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const choice = { planId: quote.planId, period: quote.period };
  const region = useRef<HTMLElement>(null);
  // The cards made way for the checkout: focus follows, so a keyboard or screen reader starts here.
  useEffect(() => region.current?.focus({ preventScroll: true }), []);

  async function apply() {
    if (busy) return;
    setProblem(null);
    if (code.trim() === '') {
      setCodeError(billingMessages.discountCodeRequired);
      setApplied(null);
      return;
    }
    setBusy('applying');
    try {
      const validation = await validateDiscountCode({ ...choice, discountCode: code });
      setQuote(validation.quote);
      setCode(validation.quote.discountCode ?? code);
      setCodeError(undefined);
      setApplied(validation.message);
    } catch (error) {
      setApplied(null);
      setCodeError(error instanceof ApiError && error.status === 400 ? error.message : errorNotice(error));
    } finally {
      setBusy(null);
    }
  }

  /** The code taken out: the server quotes again without it. */
  async function removeCode() {
    setCode('');
    setCodeError(undefined);
    setApplied(null);
    if (!quote.discountCode) return;
    setBusy('quoting');
    try {
      setQuote(await quoteCheckout(choice));
    } catch (error) {
      setProblem({ message: errorNotice(error) });
    } finally {
      setBusy(null);
    }
  }

  function changeCode(value: string) {
    if (value.trim() === '') {
      void removeCode();
      return;
    }
    setCode(value);
    setCodeError(undefined);
    // The saving's message belongs to the code it was given for.
    if (value.trim().toUpperCase() !== quote.discountCode) setApplied(null);
  }

  async function pay() {
    setProblem(null);
    setBusy('paying');
    try {
      const { payment, approveUrl } = await createCheckout({ ...choice, discountCode: quote.discountCode ?? undefined });
      if (approveUrl) {
        // PayPal's page; it sends the owner back to /app/Plans?payment=… (the page stays busy until then).
        window.location.assign(approveUrl);
        return;
      }
      if (payment.status === 'completed') {
        onCompleted(payment);
        return;
      }
      setProblem({ title: billingMessages.paymentFailedTitle, message: payment.message });
    } catch (error) {
      if (error instanceof ApiError && error.field === 'discountCode') setCodeError(error.message);
      setProblem({ title: billingMessages.paymentFailedTitle, message: errorMessage(error) });
    }
    setBusy(null);
  }

  return (
    <section className="ql-checkout" ref={region} tabIndex={-1} aria-labelledby="ql-checkout-title">
      <Card>
        <BlockStack gap="500">
          <BlockStack gap="300">
            <Text as="h2" variant="headingLg" id="ql-checkout-title">
              {checkoutTexts.title}
            </Text>
            <dl className="ql-charges">
              <div className="ql-charges__line">
                <dt>{checkoutTexts.plan}</dt>
                <dd>
                  <Text as="span" fontWeight="semibold">
                    {quote.planName}
                  </Text>
                </dd>
              </div>
              <div className="ql-charges__line">
                <dt>{checkoutTexts.period}</dt>
                <dd className="ql-checkout__period">
                  {`${billingPeriodNames[quote.period]}: ${checkoutTexts.dates(formatDay(quote.startsAt), formatDay(quote.endsAt))}`}
                </dd>
              </div>
            </dl>
            {quote.renewal ? (
              <Text as="p" tone="subdued">
                {checkoutTexts.renewal}
              </Text>
            ) : null}
          </BlockStack>

          <Form onSubmit={() => void apply()}>
            <TextField
              label={checkoutTexts.discountCode}
              value={code}
              onChange={changeCode}
              autoComplete="off"
              maxLength={billingLimits.discountCodeLength}
              clearButton
              onClearButtonClick={() => void removeCode()}
              error={codeError}
              disabled={busy === 'paying'}
              connectedRight={
                <Button submit loading={busy === 'applying'} disabled={busy !== null && busy !== 'applying'}>
                  {checkoutTexts.apply}
                </Button>
              }
            />
          </Form>
          {quote.discountCode ? (
            <InlineStack align="space-between" blockAlign="center" gap="200">
              <div role="status">
                {applied ? (
                  <Text as="p" tone="success">
                    {applied}
                  </Text>
                ) : null}
              </div>
              <Button
                variant="plain"
                onClick={() => void removeCode()}
                disabled={busy !== null}
                accessibilityLabel={checkoutTexts.removeCode(quote.discountCode)}
              >
                {checkoutTexts.remove}
              </Button>
            </InlineStack>
          ) : null}

          <BlockStack gap="200">
            <ChargeLines charges={quote} busy={busy === 'quoting' || busy === 'applying'} />
            <Text as="p" tone="subdued" variant="bodySm">
              {quote.paypalFlag ? checkoutTexts.paypalNote : checkoutTexts.nothingDue}
            </Text>
          </BlockStack>

          {problem ? (
            <Banner tone="critical" title={problem.title} onDismiss={() => setProblem(null)}>
              <p>{problem.message}</p>
            </Banner>
          ) : null}

          <InlineStack align="space-between" blockAlign="center" gap="300">
            <Button onClick={onBack} disabled={busy === 'paying'}>
              {checkoutTexts.back}
            </Button>
            <Button
              variant="primary"
              size="large"
              loading={busy === 'paying'}
              disabled={busy !== null && busy !== 'paying'}
              onClick={() => void pay()}
            >
              {quote.paypalFlag ? checkoutTexts.payWithPayPal : checkoutTexts.startPlan}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </section>
  );
}
