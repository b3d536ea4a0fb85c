import { BlockStack, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../../useBreakpoints.ts';
import type { IndexTableProps } from '@shopify/polaris';
import { Fragment, type ReactNode } from 'react';
import { areaTexts } from '../texts.ts';
import '../../../components/engagement/engagement.css';

export interface Column<Row> {
  title: string;
  alignment?: 'start' | 'center' | 'end';
  cell(row: Row): ReactNode;
  /** Left out of the phone card, whose heading already says it. */
  onPhone?: boolean;
}

export interface AdminTableProps<Row> {
  /** The list's name for screen readers. */
  label: string;
  resourceName: { singular: string; plural: string };
  rows: readonly Row[];
  rowId(row: Row): string;
  columns: Column<Row>[];
  /** A phone card's heading. */
  heading(row: Row): ReactNode;
  /** The row's buttons, in a last column (a card's foot on phones). */
  actions?(row: Row): ReactNode;
  /** What opens under a row (the audit log's changes): a full-width row, or the card's end on phones. */
  details?(row: Row): ReactNode | null;
  /** Another page or search is loading: the rows dim. */
  loading: boolean;
}

/** The admin area's tables: columns on wide screens, one card a row on phones, so nothing is wider than the screen. */
export function AdminTable<Row>({
  label,
  resourceName,
  rows,
  rowId,
  columns,
  heading,
  actions,
  details,
  loading,
}: AdminTableProps<Row>) {
  const { smDown } = useBreakpoints();

  if (smDown) {
    return (
      <ul className="ql-engagement-list" aria-label={label} aria-busy={loading || undefined}>
        {rows.map((row) => {
          const opened = details?.(row);
          return (
            <li key={rowId(row)} className="ql-engagement-list__item">
              <BlockStack gap="200">
                <Text as="h2" variant="headingSm" breakWord>
                  {heading(row)}
                </Text>
                <dl className="ql-engagement-pairs">
                  {columns
                    .filter((column) => column.onPhone !== false)
                    .map((column) => (
                      <Fragment key={column.title}>
                        <dt>{column.title}</dt>
                        <dd>{column.cell(row)}</dd>
                      </Fragment>
                    ))}
                </dl>
                {actions ? <InlineStack align="end">{actions(row)}</InlineStack> : null}
                {opened}
              </BlockStack>
            </li>
          );
        })}
      </ul>
    );
  }

  const headings = [
    ...columns.map(({ title, alignment }) => ({ title, alignment })),
    ...(actions ? [{ title: areaTexts.actions, alignment: 'end' as const }] : []),
  ] as IndexTableProps['headings'];
  const width = columns.length + (actions ? 1 : 0);
  let position = 0;

  return (
    <IndexTable resourceName={resourceName} itemCount={rows.length} selectable={false} loading={loading} headings={headings}>
      {rows.map((row) => {
        const id = rowId(row);
        const opened = details?.(row);
        return (
          <Fragment key={id}>
            <IndexTable.Row id={id} position={position++}>
              {columns.map((column) => (
                <IndexTable.Cell key={column.title}>{column.cell(row)}</IndexTable.Cell>
              ))}
              {actions ? (
                <IndexTable.Cell>
                  <InlineStack align="end" gap="200" wrap={false}>
                    {actions(row)}
                  </InlineStack>
                </IndexTable.Cell>
              ) : null}
            </IndexTable.Row>
            {opened ? (
              <IndexTable.Row id={`${id}-details`} position={position++} rowType="child">
                <IndexTable.Cell colSpan={width}>{opened}</IndexTable.Cell>
              </IndexTable.Row>
            ) : null}
          </Fragment>
        );
      })}
    </IndexTable>
  );
}
