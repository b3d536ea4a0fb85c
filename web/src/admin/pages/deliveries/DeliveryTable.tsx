import { BlockStack, Button, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import type { IndexTableProps } from '@shopify/polaris';
import { deliveryToolLabels, type TDeliveryRow } from '@quizlead/shared/schemas/deliveries.ts';
import type { ReactNode, SyntheticEvent } from 'react';
import { DeliveryStatusBadge } from './DeliveryStatusBadge.tsx';
import { logTime, shortLogTime } from './format.ts';
import { deliveryTexts } from './texts.ts';

const columns = deliveryTexts.columns;

/** A failed delivery whose destination is on: one that is switched off is fixed and saved in Settings first. */
export const isReplayable = (row: TDeliveryRow) => (row.status === 'failed' || row.status === 'dead') && row.destination.enabled;

interface Props {
  rows: readonly TDeliveryRow[];
  /** Rows for new filters are on their way: these dim. */
  loading: boolean;
  /** The row whose replay is under way. */
  replaying: string | null;
  onOpen(row: TDeliveryRow): void;
  onReplay(row: TDeliveryRow): void;
}

/** When the next attempt is due, and why the last one failed (both for a failure that will be retried). */
function NextOrError({ row, empty }: { row: TDeliveryRow; empty: ReactNode }) {
  const lines: ReactNode[] = [];
  if (row.nextAttemptAt) {
    lines.push(
      <Text as="span" key="next">
        {deliveryTexts.next(shortLogTime(row.nextAttemptAt))}
      </Text>,
    );
  }
  if (row.lastError && row.status !== 'delivered') {
    lines.push(
      <Text as="span" key="error" tone="critical" variant="bodySm">
        {row.lastError}
      </Text>,
    );
  }
  if (lines.length === 0) return empty;
  return (
    <span className="ql-delivery-cell ql-delivery-cell--wide">
      <BlockStack gap="050">{lines}</BlockStack>
    </span>
  );
}

/** The destination's name, and that it is switched off when it is. */
function DestinationName({ row }: { row: TDeliveryRow }) {
  if (row.destination.enabled) return <Text as="span">{row.destination.name}</Text>;
  return (
    <BlockStack gap="050">
      <Text as="span" tone="subdued">
        {row.destination.name}
      </Text>
      <Text as="span" tone="subdued" variant="bodySm">
        {`(${deliveryTexts.filters.switchedOff})`}
      </Text>
    </BlockStack>
  );
}

/** A click on a button inside a row is the button's, not the row's (which opens the details). */
const own = (event: SyntheticEvent) => event.stopPropagation();

function ReplayButton({ row, busy, onReplay }: { row: TDeliveryRow; busy: boolean; onReplay(): void }) {
  if (!isReplayable(row)) return null;
  return (
    <span onClick={own}>
      <Button
        size="slim"
        loading={busy}
        onClick={onReplay}
        accessibilityLabel={`${deliveryTexts.replay}: ${row.itemTitle}, ${row.email}`}
      >
        {deliveryTexts.replay}
      </Button>
    </span>
  );
}

/**
 * The log's rows: a table on wide screens (a row opens its details), and on phones one block a
 * delivery with its status, the lead and the item, and its buttons.
 */
export function DeliveryTable({ rows, loading, replaying, onOpen, onReplay }: Props) {
  const { smDown } = useBreakpoints();

  if (smDown) {
    return (
      <ul className="ql-delivery-list" aria-label={deliveryTexts.title} aria-busy={loading || undefined}>
        {rows.map((row) => (
          <li key={row.id} className="ql-delivery-list__item">
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Text as="h2" variant="headingSm" breakWord>
                  {row.email || '–'}
                </Text>
                <DeliveryStatusBadge status={row.status} />
              </InlineStack>
              <Text as="p" variant="bodySm" breakWord>
                {`${deliveryToolLabels[row.tool]}: ${row.itemTitle}`}
              </Text>
              <Text as="p" variant="bodySm" tone="subdued" breakWord>
                {`${shortLogTime(row.createdAt)} · ${row.destination.name}${row.destination.enabled ? '' : ` (${deliveryTexts.filters.switchedOff})`} · ${columns.attempts}: ${row.attempts}`}
              </Text>
              <NextOrError row={row} empty={null} />
              <InlineStack align="end" gap="200">
                <Button
                  size="slim"
                  onClick={() => onOpen(row)}
                  accessibilityLabel={`${deliveryTexts.details}: ${row.itemTitle}, ${row.email}`}
                >
                  {deliveryTexts.details}
                </Button>
                <ReplayButton row={row} busy={replaying === row.id} onReplay={() => onReplay(row)} />
              </InlineStack>
            </BlockStack>
          </li>
        ))}
      </ul>
    );
  }

  const headings = [
    { title: columns.time },
    { title: columns.destination },
    { title: columns.item },
    { title: columns.email },
    { title: columns.status },
    { title: columns.attempts, alignment: 'end' as const },
    { title: columns.next },
    { title: columns.action, hidden: true },
  ] as IndexTableProps['headings'];

  return (
    <IndexTable
      resourceName={deliveryTexts.resourceName}
      itemCount={rows.length}
      selectable={false}
      loading={loading}
      headings={headings}
    >
      {rows.map((row, index) => (
        <IndexTable.Row key={row.id} id={row.id} position={index} onClick={() => onOpen(row)}>
          <IndexTable.Cell>
            <span onClick={own} title={logTime(row.createdAt)}>
              <Button
                variant="plain"
                onClick={() => onOpen(row)}
                accessibilityLabel={`${deliveryTexts.details}: ${row.itemTitle}, ${row.email}`}
              >
                {shortLogTime(row.createdAt)}
              </Button>
            </span>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <span className="ql-delivery-cell">
              <DestinationName row={row} />
            </span>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <span className="ql-delivery-cell">
              <BlockStack gap="050">
                <Text as="span" tone="subdued" variant="bodySm">
                  {deliveryToolLabels[row.tool]}
                </Text>
                <Text as="span">{row.itemTitle}</Text>
              </BlockStack>
            </span>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <span className="ql-delivery-cell">{row.email || '–'}</span>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <DeliveryStatusBadge status={row.status} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric>
              {row.attempts}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <NextOrError
              row={row}
              empty={
                <Text as="span" tone="subdued">
                  –
                </Text>
              }
            />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <InlineStack align="end">
              <ReplayButton row={row} busy={replaying === row.id} onReplay={() => onReplay(row)} />
            </InlineStack>
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}
