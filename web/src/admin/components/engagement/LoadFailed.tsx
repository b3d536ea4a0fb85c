import { Banner } from '@shopify/polaris';

/** A failed load with a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Banner tone="critical" action={{ content: 'Try again', onAction: onRetry }}>
      <p>{message}</p>
    </Banner>
  );
}
