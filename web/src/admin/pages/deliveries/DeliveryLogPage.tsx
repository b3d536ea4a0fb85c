import {
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  InlineStack,
  Loading,
  Page,
  SkeletonBodyText,
  SkeletonPage,
  Text,
} from '@shopify/polaris';
import { deliveryMessages, type TDeliveryRow } from '@quizlead/shared/schemas/deliveries.ts';
import { useState, type ReactNode } from 'react';
import { errorNotice } from '../../api/client.ts';
import { replayDelivery, replayFailedDeliveries } from '../../api/deliveries.ts';
import emptyImage from '../../assets/welcome.svg';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useShowToast } from '../../toast.ts';
import { adminLink } from '../../urls.ts';
import { ConfirmModal } from '../quizEditor/fields/ConfirmModal.tsx';
import { ClearFilters, DeliveryFilters, hasFilters } from './DeliveryFilters.tsx';
import { DeliveryDetailModal } from './DeliveryDetailModal.tsx';
import { DeliveryTable, isReplayable } from './DeliveryTable.tsx';
import { deliveryTexts } from './texts.ts';
import { useDeliveryLog, useLogFilters } from './useDeliveryLog.ts';
import { LoadingCard } from '../../components/LoadingCard.tsx';
import './deliveries.css';

/**
 * /app/Deliveries: where each lead went. Filters, the newest deliveries first with "Load more", each
 * delivery's attempts with the request and the answer, and replay of one failed delivery or of all.
 */
export function DeliveryLogPage() {
  const showToast = useShowToast();
  const backAction = adminLink(deliveryTexts.back, 'Settings');
  const [filters, setFilters] = useLogFilters();
  const log = useDeliveryLog(filters);
  const [opened, setOpened] = useState<TDeliveryRow | null>(null);
  const [replaying, setReplaying] = useState<string | null>(null);
  const [askingReplayAll, setAskingReplayAll] = useState(false);
  const [replayingAll, setReplayingAll] = useState(false);

  async function replay(row: TDeliveryRow) {
    setReplaying(row.id);
    try {
      const { delivery, message } = await replayDelivery(row.id);
      log.replaced(delivery);
      setOpened((current) => (current?.id === delivery.id ? delivery : current));
      showToast(message);
    } catch (error) {
      showToast(errorNotice(error), { error: true });
    } finally {
      setReplaying(null);
    }
  }

  async function replayAll() {
    setReplayingAll(true);
    try {
      const { message } = await replayFailedDeliveries(filters.destinationId ? { destinationId: filters.destinationId } : {});
      showToast(message);
      log.reload();
    } catch (error) {
      showToast(errorNotice(error), { error: true });
    } finally {
      setReplayingAll(false);
      setAskingReplayAll(false);
    }
  }

  async function loadMore() {
    const problem = await log.loadMore();
    if (problem) showToast(problem, { error: true });
  }

  const data = log.log;
  if (!data) {
    if (log.failed) {
      return (
        <Page fullWidth title={deliveryTexts.title} backAction={backAction}>
          <LoadFailed message={`${deliveryMessages.loadError} ${log.failed}`} onRetry={log.reload} />
        </Page>
      );
    }
    return (
      <SkeletonPage fullWidth title={deliveryTexts.title} backAction primaryAction>
        <BlockStack gap="400">
          <Card>
            <SkeletonBodyText lines={2} />
          </Card>
          <LoadingCard message={deliveryTexts.loading} lines={8} gap="300" />
        </BlockStack>
      </SkeletonPage>
    );
  }

  const filtered = hasFilters(filters);
  const destinationName = data.destinations.find((destination) => destination.id === filters.destinationId)?.name ?? null;

  let rows: ReactNode;
  if (data.items.length === 0 && !filtered) {
    rows = (
      <Card>
        <EmptyState image={emptyImage}>
          <p>{deliveryMessages.empty}</p>
        </EmptyState>
      </Card>
    );
  } else if (data.items.length === 0) {
    rows = (
      <Card>
        <Box paddingBlock="600">
          <BlockStack gap="300" inlineAlign="center">
            <Text as="p" alignment="center">
              {deliveryTexts.noMatch}
            </Text>
            <ClearFilters onChange={setFilters} />
          </BlockStack>
        </Box>
      </Card>
    );
  } else {
    rows = (
      <BlockStack gap="400">
        <Card padding="0">
          <DeliveryTable
            rows={data.items}
            loading={log.loading}
            replaying={replaying}
            onOpen={setOpened}
            onReplay={(row) => void replay(row)}
          />
        </Card>
        {data.nextCursor ? (
          <InlineStack align="center">
            <Button onClick={() => void loadMore()} loading={log.loadingMore} disabled={log.loading}>
              {deliveryTexts.loadMore}
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    );
  }

  return (
    <Page
      fullWidth
      title={deliveryTexts.title}
      subtitle={deliveryTexts.subtitle}
      backAction={backAction}
      primaryAction={{
        content: deliveryTexts.replayAll(data.failedCount),
        disabled: data.failedCount === 0 || log.loading,
        onAction: () => setAskingReplayAll(true),
      }}
    >
      {log.loading ? <Loading /> : null}
      <BlockStack gap="400">
        {log.failed ? <LoadFailed message={`${deliveryMessages.loadError} ${log.failed}`} onRetry={log.reload} /> : null}
        <Card>
          <DeliveryFilters filters={filters} destinations={data.destinations} onChange={setFilters} />
        </Card>
        {rows}
      </BlockStack>
      <Box paddingBlockEnd="800" />
      <DeliveryDetailModal
        row={opened}
        replaying={opened !== null && replaying === opened.id}
        onReplay={opened && isReplayable(opened) ? () => void replay(opened) : undefined}
        onClose={() => setOpened(null)}
      />
      <ConfirmModal
        open={askingReplayAll}
        title={deliveryTexts.replayAllTitle}
        message={deliveryTexts.replayAllQuestion(data.failedCount, destinationName)}
        confirm={deliveryTexts.replayAllConfirm}
        busy={replayingAll}
        onConfirm={() => void replayAll()}
        onClose={() => {
          if (!replayingAll) setAskingReplayAll(false);
        }}
      />
    </Page>
  );
}
