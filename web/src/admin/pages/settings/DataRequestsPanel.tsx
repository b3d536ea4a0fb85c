import { BlockStack, Button, IndexTable, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import { formatDay } from '@quizlead/shared/billing.ts';
import type { TDataRequestRow } from '@quizlead/shared/schemas/shopifyAccount.ts';
import { useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { downloadDataRequest, listDataRequests } from '../../api/shopify.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import '../../components/engagement/engagement.css';
import { useShowToast } from '../../toast.ts';
import { dataRequestTexts as texts } from './dataRequestTexts.ts';

/**
 * Settings → Customer data requests, inside Shopify's admin: each customers/data_request Shopify
 * forwarded, with the document the app gathered for the merchant to send on.
 */
export function DataRequestsPanel() {
  const resource = useResource(['shopify', 'data-requests'], listDataRequests);
  const { loaded } = resource;
  if (loaded.state === 'failed') return <LoadFailed message={loaded.message} onRetry={resource.reload} />;
  if (loaded.state !== 'ready') return <SkeletonBodyText lines={3} />;
  const rows = loaded.data;
  return (
    <BlockStack gap="300">
      <Text as="p" tone="subdued">
        {rows.length === 0 ? texts.empty : texts.intro}
      </Text>
      {rows.length > 0 ? <RequestTable rows={rows} /> : null}
    </BlockStack>
  );
}

/** A table on wide screens; a list on narrow ones, so Download never scrolls out of sight. */
function RequestTable({ rows }: { rows: TDataRequestRow[] }) {
  const showToast = useShowToast();
  const { smDown } = useBreakpoints();
  const [busy, setBusy] = useState<string | null>(null);

  async function download(id: string) {
    setBusy(id);
    try {
      await downloadDataRequest(id);
    } catch (error) {
      showToast(errorNotice(error), { error: true });
    } finally {
      setBusy(null);
    }
  }

  const downloadButton = (row: TDataRequestRow) => (
    <Button
      size="slim"
      loading={busy === row.id}
      onClick={() => void download(row.id)}
      accessibilityLabel={texts.downloadLabel(texts.customer(row))}
    >
      {texts.download}
    </Button>
  );

  if (smDown) {
    return (
      <ul className="ql-engagement-list" aria-label={texts.title}>
        {rows.map((row) => (
          <li key={row.id} className="ql-engagement-list__item">
            <BlockStack gap="150">
              <Text as="span" fontWeight="semibold" breakWord>
                {texts.customer(row)}
              </Text>
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="span" tone="subdued">
                  <time dateTime={row.createdAt}>{formatDay(row.createdAt)}</time> · {texts.orders(row.ordersRequested.length)}
                </Text>
                {downloadButton(row)}
              </InlineStack>
            </BlockStack>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <IndexTable
      resourceName={{ singular: 'data request', plural: 'data requests' }}
      itemCount={rows.length}
      selectable={false}
      headings={[
        { title: texts.columns.date },
        { title: texts.columns.customer },
        { title: texts.columns.orders },
        { title: texts.columns.document, alignment: 'end' },
      ]}
    >
      {rows.map((row, index) => {
        const customer = texts.customer(row);
        return (
          <IndexTable.Row key={row.id} id={row.id} position={index}>
            <IndexTable.Cell>
              <time dateTime={row.createdAt}>{formatDay(row.createdAt)}</time>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" breakWord>
                {customer}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" tone={row.ordersRequested.length ? undefined : 'subdued'}>
                {texts.orders(row.ordersRequested.length)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack align="end">{downloadButton(row)}</InlineStack>
            </IndexTable.Cell>
          </IndexTable.Row>
        );
      })}
    </IndexTable>
  );
}
