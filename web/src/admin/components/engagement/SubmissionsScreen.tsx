import {
  BlockStack,
  Box,
  Card,
  IndexTable,
  InlineStack,
  Loading,
  Page,
  SkeletonBodyText,
  SkeletonPage,
  Text,
} from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import type { IndexTableProps } from '@shopify/polaris';
import { feedbackMessages, type EngagementKind, type ExportFormat } from '@quizlead/shared/engagement.ts';
import { useMemo, useState, type ReactNode } from 'react';
import type { ListPage } from '../../api/lists.ts';
import { useResource } from '../../data/useResource.ts';
import { PagePicker } from '../../pages/quizzes/PagePicker.tsx';
import { ExportDataButton } from './ExportDataButton.tsx';
import { ItemNotReady } from './ItemNotReady.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { pageCountOf, usePageParam } from './usePageParam.ts';
import { LoadingCard } from '../LoadingCard.tsx';
import './engagement.css';

export interface SubmissionColumn<Row> {
  title: string;
  /** `number` is the row's place in the whole table, newest first (1 is the newest). */
  value(row: Row, number: number): ReactNode;
  /** Makes the column sortable (within the page on screen) by this key. */
  sortKey?(row: Row, number: number): string | number;
  alignment?: 'start' | 'center' | 'end';
}

type Direction = 'ascending' | 'descending';

interface Props<Item, Row extends { id: string }> {
  kind: EngagementKind;
  /** The item's id: a new one loads everything again. */
  id: string;
  title: string;
  /** 'Poll', 'Web response', 'Wheel spin': for the not-found state. */
  thing: string;
  list: { content: string; url: string };
  loadItem(signal: AbortSignal): Promise<Item>;
  /** The item's name under the title. */
  subtitle?(item: Item): string;
  /** Headings above the table (the poll's 'Poll Title' and 'Total Vote'). */
  summary?(item: Item, total: number | null): ReactNode;
  loadPage(page: number, signal: AbortSignal): Promise<ListPage<Row>>;
  columns: SubmissionColumn<Row>[];
  /** The column sorted at first, in the server's order (newest first). */
  initialSort: { column: number; direction: Direction };
  exportPath(format: ExportFormat): string;
  exportName(item: Item): string;
  resourceName: { singular: string; plural: string };
  emptyText: string;
}

/** The votes, responses and spins of one item: a sortable, paged table and Export Data. */
export function SubmissionsScreen<Item, Row extends { id: string }>(props: Props<Item, Row>) {
  const { id, title, thing, list, loadItem, subtitle, summary, loadPage, columns, exportPath, exportName } = props;
  const { smDown } = useBreakpoints();
  const [page, setPage] = usePageParam();
  const item = useResource([props.kind, 'item', id], loadItem);
  const rows = useResource([props.kind, 'submissions', id, page], (signal) => loadPage(page, signal));
  const [sort, setSort] = useState(props.initialSort);

  const numbered = useMemo(() => {
    const data = rows.data;
    if (!data) return [];
    const first = (data.page - 1) * data.pageSize + 1;
    const all = data.items.map((row, index) => ({ row, number: first + index }));
    const key = columns[sort.column]?.sortKey;
    if (!key) return all;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...all].sort((a, b) => {
      const x = key(a.row, a.number);
      const y = key(b.row, b.number);
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order !== 0 ? sign * order : a.number - b.number;
    });
  }, [rows.data, columns, sort]);

  if (item.loaded.state !== 'ready') {
    return (
      <ItemNotReady item={item} title={title} thing={thing} list={list}>
        <SkeletonPage title={title} backAction primaryAction>
          <LoadingCard message={feedbackMessages.loading} lines={8} gap="300" />
        </SkeletonPage>
      </ItemNotReady>
    );
  }

  const loadedItem = item.loaded.data;
  const data = rows.data;
  const pageCount = data ? pageCountOf(data.total, data.pageSize) : 1;
  const failure = rows.loaded.state === 'failed' ? <LoadFailed message={rows.loaded.message} onRetry={rows.reload} /> : null;

  let table: ReactNode;
  if (!data) {
    table = failure ?? (
      <Card>
        <SkeletonBodyText lines={6} />
      </Card>
    );
  } else if (data.total === 0) {
    table = (
      <Card>
        <Box paddingBlock="800">
          <BlockStack gap="200" inlineAlign="center">
            <Text as="p" variant="headingMd" alignment="center">
              {props.emptyText}
            </Text>
            <Text as="p" tone="subdued" alignment="center">
              Share it to start collecting them; they appear here as they arrive.
            </Text>
          </BlockStack>
        </Box>
      </Card>
    );
  } else if (smDown) {
    table = (
      <Card padding="0">
        <ul className="ql-engagement-list" aria-label={title} aria-busy={rows.loading || undefined}>
          {numbered.map(({ row, number }) => (
            <li key={row.id} className="ql-engagement-list__item">
              <dl className="ql-engagement-pairs">
                {columns.map((column) => (
                  <div key={column.title} style={{ display: 'contents' }}>
                    <dt>{column.title}</dt>
                    <dd>{column.value(row, number)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </Card>
    );
  } else {
    table = (
      <Card padding="0">
        <IndexTable
          resourceName={props.resourceName}
          itemCount={numbered.length}
          selectable={false}
          loading={rows.loading}
          headings={
            columns.map(({ title: heading, alignment }) => ({ title: heading, alignment })) as IndexTableProps['headings']
          }
          sortable={columns.map((column) => column.sortKey !== undefined)}
          sortColumnIndex={sort.column}
          sortDirection={sort.direction}
          defaultSortDirection="descending"
          onSort={(column, direction) => setSort({ column, direction })}
        >
          {numbered.map(({ row, number }, index) => (
            <IndexTable.Row key={row.id} id={row.id} position={index}>
              {columns.map((column) => (
                <IndexTable.Cell key={column.title}>{column.value(row, number)}</IndexTable.Cell>
              ))}
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    );
  }

  return (
    <Page
      title={title}
      subtitle={subtitle?.(loadedItem)}
      backAction={list}
      primaryAction={
        <ExportDataButton path={exportPath} fileName={exportName(loadedItem)} disabled={!data || data.total === 0} />
      }
    >
      {rows.loading && data ? <Loading /> : null}
      <BlockStack gap="400">
        {summary ? summary(loadedItem, data?.total ?? null) : null}
        {data && data.total > 0 ? failure : null}
        {table}
        {data && data.total > 0 ? (
          <InlineStack align="center">
            <PagePicker page={data.page} pageCount={pageCount} onChange={setPage} />
          </InlineStack>
        ) : null}
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}
