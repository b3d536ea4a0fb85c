import { Badge, BlockStack, InlineStack, Modal, SkeletonBodyText, Text } from '@shopify/polaris';
import {
  deliveryMessages,
  deliveryToolLabels,
  type TDeliveryAttempt,
  type TDeliveryDetail,
  type TDeliveryRow,
} from '@quizlead/shared/schemas/deliveries.ts';
import { useEffect, useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { getDelivery } from '../../api/deliveries.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { DeliveryStatusBadge } from './DeliveryStatusBadge.tsx';
import { ExchangeView } from './ExchangeView.tsx';
import { duration, logTime } from './format.ts';
import { deliveryTexts } from './texts.ts';

const summary = deliveryTexts.summary;

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; detail: TDeliveryDetail };

interface Props {
  /** The row opened: shown at once while its attempts load. */
  row: TDeliveryRow | null;
  /** Replay from the dialog; absent when the row cannot be replayed. */
  onReplay?(): void;
  replaying: boolean;
  onClose(): void;
}

function Attempt({ attempt }: { attempt: TDeliveryAttempt }) {
  const name = deliveryTexts.attempt(attempt.number);
  return (
    <BlockStack gap="300">
      <InlineStack gap="200" blockAlign="center" wrap>
        <Text as="h3" variant="headingSm">
          {name}
        </Text>
        <Badge tone={attempt.ok ? 'success' : 'critical'}>{attempt.ok ? deliveryTexts.ok : deliveryTexts.error}</Badge>
        <Text as="span" tone="subdued" variant="bodySm">
          {`${logTime(attempt.startedAt)} · ${duration(attempt.durationMs)}`}
        </Text>
      </InlineStack>
      {attempt.error ? (
        <Text as="p" tone={attempt.ok ? 'caution' : 'critical'} breakWord>
          {attempt.error}
        </Text>
      ) : null}
      {attempt.exchange.map((exchange, index) => (
        <ExchangeView key={index} exchange={exchange} name={attempt.exchange.length > 1 ? `${name}, call ${index + 1}` : name} />
      ))}
    </BlockStack>
  );
}

/** What the row says, in full: the lead, the item, the timing and the last error. */
function Summary({ row }: { row: TDeliveryRow }) {
  const pairs: [string, string][] = [
    [summary.item, `${deliveryToolLabels[row.tool]}: ${row.itemTitle}`],
    [summary.email, row.email || '–'],
    [summary.event, row.eventType],
    [summary.created, logTime(row.createdAt)],
    [summary.attempts, String(row.attempts)],
    ...(row.nextAttemptAt ? [[summary.next, logTime(row.nextAttemptAt)] as [string, string]] : []),
    ...(row.deliveredAt ? [[summary.delivered, logTime(row.deliveredAt)] as [string, string]] : []),
    ...(row.lastError ? [[summary.lastError, row.lastError] as [string, string]] : []),
    [summary.id, row.id],
  ];
  return (
    <BlockStack gap="300">
      <InlineStack gap="200" blockAlign="center" wrap>
        <DeliveryStatusBadge status={row.status} />
        <Text as="span" breakWord>
          {row.destination.name}
        </Text>
      </InlineStack>
      {row.destination.enabled ? null : (
        <Text as="p" tone="caution">
          {row.destination.disabledReason ?? deliveryMessages.destinationOff}
        </Text>
      )}
      <dl className="ql-delivery-pairs">
        {pairs.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </BlockStack>
  );
}

/** A delivery and each of its attempts, with the request and the answer as recorded. */
export function DeliveryDetailModal({ row, onReplay, replaying, onClose }: Props) {
  const [result, setResult] = useState<{ key: string; loaded: Loaded } | null>(null);
  const [reloads, setReloads] = useState(0);
  const id = row?.id ?? null;
  // A replay changes the row: its attempts are read again.
  const requestKey = row ? `${row.id}/${row.status}/${row.attempts}#${reloads}` : '';

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    getDelivery(id, controller.signal).then(
      (detail) => setResult({ key: requestKey, loaded: { state: 'ready', detail } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key: requestKey, loaded: { state: 'failed', message: errorNotice(error) } });
      },
    );
    return () => controller.abort();
    // requestKey carries the id, the row's state and the reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const loaded: Loaded = result?.key === requestKey ? result.loaded : { state: 'loading' };
  const attempts = loaded.state === 'ready' ? loaded.detail.attemptsLog : [];
  return (
    <Modal
      open={row !== null}
      onClose={onClose}
      size="large"
      title={row ? `${deliveryTexts.detailTitle}: ${row.itemTitle || row.destination.name}` : deliveryTexts.detailTitle}
      primaryAction={onReplay ? { content: deliveryTexts.replay, onAction: onReplay, loading: replaying } : undefined}
      secondaryActions={[{ content: deliveryTexts.close, onAction: onClose }]}
    >
      {row ? (
        <Modal.Section>
          <Summary row={row} />
        </Modal.Section>
      ) : null}
      {loaded.state === 'loading' ? (
        <Modal.Section>
          <SkeletonBodyText lines={6} />
        </Modal.Section>
      ) : null}
      {loaded.state === 'failed' ? (
        <Modal.Section>
          <LoadFailed message={loaded.message} onRetry={() => setReloads((count) => count + 1)} />
        </Modal.Section>
      ) : null}
      {loaded.state === 'ready' && attempts.length === 0 ? (
        <Modal.Section>
          <Text as="p" tone="subdued">
            {deliveryTexts.noAttempts}
          </Text>
        </Modal.Section>
      ) : null}
      {/* The latest attempt first: it is the one that decided the status. */}
      {[...attempts].reverse().map((attempt) => (
        <Modal.Section key={`${attempt.number}/${attempt.startedAt}`}>
          <Attempt attempt={attempt} />
        </Modal.Section>
      ))}
    </Modal>
  );
}
