import { Banner } from '@shopify/polaris';
import type { TProductSyncStatus } from '@quizlead/shared/schemas/productSync.ts';
import { useEffect, useRef } from 'react';
import { getProductSync } from '../../api/products.ts';
import { useResource } from '../../data/useResource.ts';
import { productTexts } from './texts.ts';

const texts = productTexts.syncStatus;

/** While a sync is queued or running its state is read again this often. */
const pollMs = 3000;

/**
 * The shop's last products sync, read from the server and read again while it is under way; `onDone`
 * runs when one that was under way is done (the list is read again then).
 */
export function useProductSync(enabled: boolean, onDone: () => void) {
  const resource = useResource(['product-sync'], getProductSync, { enabled });
  const status = resource.data;
  const underway = status?.state === 'queued' || status?.state === 'running';
  const { reload } = resource;
  useEffect(() => {
    if (!underway) return;
    const timer = window.setTimeout(reload, pollMs);
    return () => window.clearTimeout(timer);
  }, [underway, status, reload]);
  const wasUnderway = useRef(false);
  useEffect(() => {
    if (underway) wasUnderway.current = true;
    else if (wasUnderway.current) {
      wasUnderway.current = false;
      // A failed sync changed nothing worth reading again.
      if (status?.state === 'done') onDone();
    }
  }, [underway, status?.state, onDone]);
  return { status, reload };
}

/** A failed sync says why and offers to try again; one under way says so until it is done. */
export function ProductSyncBanner({
  status,
  onRetry,
  retrying,
}: {
  status: TProductSyncStatus | null | undefined;
  onRetry?: () => void;
  retrying: boolean;
}) {
  if (status?.state === 'failed') {
    return (
      <Banner
        tone="critical"
        title={texts.failedTitle}
        action={onRetry ? { content: texts.retry, onAction: onRetry, loading: retrying } : undefined}
      >
        <p>{status.failure}</p>
      </Banner>
    );
  }
  if (status?.state === 'queued' || status?.state === 'running') {
    return (
      <Banner tone="info" title={texts.syncingTitle}>
        <p>{texts.syncing}</p>
      </Banner>
    );
  }
  return null;
}
