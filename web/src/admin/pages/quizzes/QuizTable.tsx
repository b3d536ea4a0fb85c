import {
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  EmptySearchResult,
  IndexTable,
  InlineStack,
  Select,
  Text,
  Tooltip,
} from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import type { IndexTableProps } from '@shopify/polaris';
import { ChartVerticalIcon, DeleteIcon, EditIcon, ExternalIcon, ShareIcon, ViewIcon } from '@shopify/polaris-icons';
import { quizTypeInfo } from '@quizlead/shared/quizzes.ts';
import type { TQuizListRow } from '@quizlead/shared/schemas/quiz.ts';
import { quizPlayerPath } from '@quizlead/shared/sharing.ts';
import { useState } from 'react';

import { listDate, listTitle, untitled } from './format.ts';
import { PublishSwitch } from './PublishSwitch.tsx';
import type { ListQuery, SortField } from './query.ts';
import styles from './quizzes.module.css';
import { adminUrl } from '../../urls.ts';
import { counted } from '@quizlead/shared/plural.ts';

/** Columns in order; the sortable ones name their server-side sort field. */
const columns: { title: string; sort?: SortField; alignment?: 'start' | 'end' }[] = [
  { title: 'Title' },
  { title: 'Type' },
  { title: 'Date', sort: 'date' },
  { title: 'Questions', sort: 'questions', alignment: 'end' },
  { title: 'Played', sort: 'plays', alignment: 'end' },
  { title: 'Status', sort: 'status' },
  { title: 'Actions', alignment: 'end' },
];

const headings = columns.map(({ title, alignment }) => ({ title, alignment })) as IndexTableProps['headings'];
const sortable = columns.map((column) => column.sort !== undefined);
const sortToggleLabels: IndexTableProps['sortToggleLabels'] = {
  2: { ascending: 'Sort oldest first', descending: 'Sort newest first' },
  3: { ascending: 'Sort by fewest questions', descending: 'Sort by most questions' },
  4: { ascending: 'Sort by fewest plays', descending: 'Sort by most plays' },
  5: { ascending: 'Sort drafts first', descending: 'Sort published first' },
};

interface Props {
  rows: TQuizListRow[];
  query: ListQuery;
  loading: boolean;
  onSort(sort: SortField, direction: 'asc' | 'desc'): void;
  /** Settles once the server has answered (the switch is busy until then). */
  onToggleStatus(row: TQuizListRow): Promise<void>;
  onPreview(row: TQuizListRow): void;
  onDelete(row: TQuizListRow): void;
}

export function QuizTable(props: Props) {
  const { smDown } = useBreakpoints();
  return smDown ? <QuizList {...props} /> : <QuizIndexTable {...props} />;
}

function QuizIndexTable({ rows, query, loading, onSort, onToggleStatus, onPreview, onDelete }: Props) {
  const sortColumnIndex = columns.findIndex((column) => column.sort === query.sort);
  const sortDirection: IndexTableProps['sortDirection'] = query.direction === 'asc' ? 'ascending' : 'descending';

  return (
    <IndexTable
      resourceName={{ singular: 'quiz', plural: 'quizzes' }}
      itemCount={rows.length}
      selectable={false}
      loading={loading}
      headings={headings}
      sortable={sortable}
      sortColumnIndex={sortColumnIndex}
      sortDirection={sortDirection}
      sortToggleLabels={sortToggleLabels}
      onSort={(index, direction) => {
        const field = columns[index]?.sort;
        if (field) onSort(field, direction === 'ascending' ? 'asc' : 'desc');
      }}
      emptyState={<NoResults search={query.search} />}
      // The actions stay in view when the other columns need more room than the card has.
      lastColumnSticky
    >
      {rows.map((row, index) => (
        <QuizRow key={row.id} row={row} index={index} onToggleStatus={onToggleStatus} onPreview={onPreview} onDelete={onDelete} />
      ))}
    </IndexTable>
  );
}

interface RowProps {
  row: TQuizListRow;
  index: number;
  onToggleStatus(row: TQuizListRow): Promise<void>;
  onPreview(row: TQuizListRow): void;
  onDelete(row: TQuizListRow): void;
}

function QuizRow({ row, index, onToggleStatus, onPreview, onDelete }: RowProps) {
  const name = row.title.trim() || untitled;
  const shown = listTitle(row.title, row.fromTemplate);
  return (
    <IndexTable.Row id={row.id} position={index}>
      <IndexTable.Cell>
        <span className={styles.title} title={shown.startsWith(name) ? undefined : name}>
          <Text as="span" fontWeight="semibold">
            {shown}
          </Text>
        </span>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <span className={styles.type}>{quizTypeInfo[row.quizType].label}</span>
      </IndexTable.Cell>
      <IndexTable.Cell>{listDate(row.createdAt)}</IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="p" alignment="end" numeric>
          {row.questionCount}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="p" alignment="end" numeric>
          {row.playedCount}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <StatusSwitch row={row} name={name} onToggleStatus={onToggleStatus} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <InlineStack align="end" wrap={false}>
          <RowActions row={row} name={name} onPreview={onPreview} onDelete={onDelete} />
        </InlineStack>
      </IndexTable.Cell>
    </IndexTable.Row>
  );
}

/**
 * The row's publish switch, busy while the server answers. The busy state is the switch's own, so a click
 * redraws the switch alone and not the whole table (Polaris' IndexTable measures its columns on every render):
 * at 4× CPU slowdown that took the toggle's response from about 360 ms to about 100 ms (docs/performance.md).
 */
function StatusSwitch({ row, name, onToggleStatus }: Pick<RowProps, 'row' | 'onToggleStatus'> & { name: string }) {
  const [busy, setBusy] = useState(false);
  const toggle = () => {
    setBusy(true);
    void onToggleStatus(row).finally(() => setBusy(false));
  };
  return <PublishSwitch published={row.status === 'published'} quizTitle={name} busy={busy} onToggle={toggle} />;
}

function RowActions({ row, name, onPreview, onDelete }: Pick<RowProps, 'row' | 'onPreview' | 'onDelete'> & { name: string }) {
  return (
    <ButtonGroup variant="segmented" noWrap>
      <Tooltip content="Edit">
        <Button icon={EditIcon} url={adminUrl('Quiz/Edit', row.id)} accessibilityLabel={`Edit ${name}`} />
      </Tooltip>
      <Tooltip content="Share">
        <Button icon={ShareIcon} url={adminUrl('Quiz/Share', row.id)} accessibilityLabel={`Share ${name}`} />
      </Tooltip>
      <Tooltip content="Analytics">
        <Button icon={ChartVerticalIcon} url={adminUrl('Quiz/Analytics', row.id)} accessibilityLabel={`Analytics of ${name}`} />
      </Tooltip>
      <Tooltip content="Preview">
        <Button icon={ViewIcon} accessibilityLabel={`Preview ${name}`} onClick={() => onPreview(row)} />
      </Tooltip>
      <Tooltip content="Open as a visitor">
        <Button
          icon={ExternalIcon}
          url={quizPlayerPath(row, { preview: true })}
          target="_blank"
          accessibilityLabel={`Open ${name} as a visitor`}
        />
      </Tooltip>
      <Tooltip content="Delete">
        <Button icon={DeleteIcon} tone="critical" accessibilityLabel={`Delete ${name}`} onClick={() => onDelete(row)} />
      </Tooltip>
    </ButtonGroup>
  );
}

function NoResults({ search }: { search: string }) {
  return (
    <EmptySearchResult
      title="No quizzes found"
      description={search ? `No quiz title matches “${search}”.` : 'There are no quizzes on this page.'}
      withIllustration
    />
  );
}

/** Phones: the headings would scroll out of sight, so each quiz is a block and sorting is a menu. */
const sortOptions = [
  { label: 'Newest first', value: 'date:desc' },
  { label: 'Oldest first', value: 'date:asc' },
  { label: 'Most questions', value: 'questions:desc' },
  { label: 'Fewest questions', value: 'questions:asc' },
  { label: 'Most played', value: 'plays:desc' },
  { label: 'Least played', value: 'plays:asc' },
  { label: 'Published first', value: 'status:desc' },
  { label: 'Drafts first', value: 'status:asc' },
];

function QuizList({ rows, query, loading, onSort, onToggleStatus, onPreview, onDelete }: Props) {
  return (
    <div aria-busy={loading || undefined} className={loading ? styles.loading : undefined}>
      <Box paddingInline="300" paddingBlockEnd="300">
        <Select
          label="Sort by"
          labelInline
          options={sortOptions}
          value={`${query.sort}:${query.direction}`}
          onChange={(value) => {
            const [sort, direction] = value.split(':') as [SortField, 'asc' | 'desc'];
            onSort(sort, direction);
          }}
        />
      </Box>
      {rows.length === 0 ? (
        <NoResults search={query.search} />
      ) : (
        <ul className={styles.list} aria-label="Quizzes">
          {rows.map((row) => {
            const name = row.title.trim() || untitled;
            const questions = counted(row.questionCount, 'question');
            return (
              <li key={row.id} className={styles.item}>
                <BlockStack gap="200">
                  <BlockStack gap="050">
                    <Text as="h2" variant="headingSm">
                      {listTitle(row.title, row.fromTemplate)}
                    </Text>
                    <Text as="p" variant="bodySm" tone="subdued">
                      {`${quizTypeInfo[row.quizType].label} · ${listDate(row.createdAt)}`}
                    </Text>
                    <Text as="p" variant="bodySm" tone="subdued">
                      {`${questions} · ${row.playedCount} played`}
                    </Text>
                  </BlockStack>
                  <InlineStack align="space-between" blockAlign="center" gap="200">
                    <StatusSwitch row={row} name={name} onToggleStatus={onToggleStatus} />
                    <RowActions row={row} name={name} onPreview={onPreview} onDelete={onDelete} />
                  </InlineStack>
                </BlockStack>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
