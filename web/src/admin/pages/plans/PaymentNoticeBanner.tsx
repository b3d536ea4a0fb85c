import { Banner, Card, InlineStack, Spinner, Text } from '@shopify/polaris';
import { billingMessages } from '@quizlead/shared/billing.ts';
import { paymentReturnTexts } from './texts.ts';
import type { PaymentNotice } from './usePaymentReturn.ts';

interface Props {
  notice: PaymentNotice;
  onDismiss(): void;
  onRetry(): void;
  onCheckAgain(): void;
}

/** A payment's outcome at the top of the Plans page, in the server's words. */
export function PaymentNoticeBanner({ notice, onDismiss, onRetry, onCheckAgain }: Props) {
  switch (notice.kind) {
    case 'confirming':
      return (
        <Card>
          <div role="status">
            <InlineStack gap="300" blockAlign="center" wrap={false}>
              <Spinner size="small" />
              <Text as="p" variant="headingSm">
                {paymentReturnTexts.confirming}
              </Text>
            </InlineStack>
          </div>
        </Card>
      );
    case 'unconfirmed':
      return (
        <Banner
          tone="critical"
          title={paymentReturnTexts.notConfirmedTitle}
          action={{ content: paymentReturnTexts.tryAgain, onAction: onRetry }}
          onDismiss={onDismiss}
        >
          <p>{notice.message}</p>
        </Banner>
      );
    case 'pending':
      return (
        <Banner
          tone="info"
          action={notice.waiting ? undefined : { content: paymentReturnTexts.checkAgain, onAction: onCheckAgain }}
          onDismiss={onDismiss}
        >
          <p>{notice.payment.message || billingMessages.paymentPending}</p>
        </Banner>
      );
    case 'settled': {
      const { payment } = notice;
      if (payment.status === 'completed') {
        return <Banner tone="success" title={payment.message || billingMessages.paymentSucceeded} onDismiss={onDismiss} />;
      }
      if (payment.status === 'cancelled') {
        return (
          <Banner tone="critical" title={billingMessages.paymentFailedTitle} onDismiss={onDismiss}>
            <p>{payment.message || billingMessages.paymentCancelled}</p>
          </Banner>
        );
      }
      return (
        <Banner tone="critical" title={billingMessages.paymentFailedTitle} onDismiss={onDismiss}>
          <p>{payment.message}</p>
        </Banner>
      );
    }
  }
}
