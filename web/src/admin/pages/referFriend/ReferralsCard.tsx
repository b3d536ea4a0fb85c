import { BlockStack, Box, Card, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import type { IndexTableProps } from '@shopify/polaris';
import type { ReactNode } from 'react';

export interface ReferralColumn<Row> {
  title: string;
  cell(row: Row): ReactNode;
}

interface Props<Row> {
  /** The card's title, which also names the list for screen readers. */
  title: string;
  /** What the card says while there is no row. */
  empty: string;
  resourceName: { singular: string; plural: string };
  rows: readonly Row[];
  rowId(row: Row, index: number): string;
  columns: ReferralColumn<Row>[];
  /** On phones a row is a block: its name with its badge, then `lines`. */
  name(row: Row): string;
  badge(row: Row): ReactNode;
  lines(row: Row): ReactNode;
  loading: boolean;
}

/** One of the Refer Friend lists, newest first: a table on wide screens, one block a row on phones. */
export function ReferralsCard<Row>({
  title,
  empty,
  resourceName,
  rows,
  rowId,
  columns,
  name,
  badge,
  lines,
  loading,
}: Props<Row>) {
  const { smDown } = useBreakpoints();

  let body;
  if (rows.length === 0) {
    body = (
      <Box padding="400">
        <Text as="p" tone="subdued">
          {empty}
        </Text>
      </Box>
    );
  } else if (smDown) {
    body = (
      <ul className="ql-engagement-list" aria-label={title} aria-busy={loading || undefined}>
        {rows.map((row, index) => (
          <li key={rowId(row, index)} className="ql-engagement-list__item">
            <BlockStack gap="100">
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Text as="h3" variant="headingSm" breakWord>
                  {name(row)}
                </Text>
                {badge(row)}
              </InlineStack>
              {lines(row)}
            </BlockStack>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <IndexTable
        resourceName={resourceName}
        itemCount={rows.length}
        selectable={false}
        loading={loading}
        headings={columns.map((column) => ({ title: column.title })) as IndexTableProps['headings']}
      >
        {rows.map((row, index) => (
          <IndexTable.Row key={rowId(row, index)} id={rowId(row, index)} position={index}>
            {columns.map((column) => (
              <IndexTable.Cell key={column.title}>{column.cell(row)}</IndexTable.Cell>
            ))}
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
      </Box>
      {body}
    </Card>
  );
}
