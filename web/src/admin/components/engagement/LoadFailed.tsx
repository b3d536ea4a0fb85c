import { Banner } from '@shopify/polaris';

/** A failed load with a way to try again. */
export function LoadFailed({ title, message, onRetry }: { title?: string; message: string; onRetry(): void }) {
  return (
    <Banner tone="critical" title={title} action={{ content: 'Try again', onAction: onRetry }}>
      <p>{message}</p>
    </Banner>
  );
}
