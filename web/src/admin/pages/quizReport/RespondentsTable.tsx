import { BlockStack, Box, IndexTable, Link, Pagination, Select, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import type { IndexTableProps } from '@shopify/polaris';
import { respondentColumns, type RespondentSort } from '@quizlead/shared/reports.ts';
import type { TRespondentRow, TRespondentsPage } from '@quizlead/shared/schemas/reports.ts';
import { languageCell } from '@quizlead/shared/i18n/languageLabels.ts';
import { listDate } from '../quizzes/format.ts';
import { count } from './format.ts';
import { firstDirection, type Direction, type RespondentsQuery } from './query.ts';
import { blank, reportTexts } from './texts.ts';
import { adminUrl } from '../../urls.ts';
import { counted } from '@quizlead/shared/plural.ts';

type Column = (typeof respondentColumns)[number];

/** The value each column sorts by on the server; Answers is a link, not a value. */
const sortOf: Record<Column, RespondentSort | null> = {
  Email: 'email',
  'Quiz Result': 'result',
  'Date of play': 'date',
  Country: 'country',
  State: 'state',
  City: 'city',
  Language: null,
  Answers: null,
};

const text = (value: string | null) => value?.trim() || blank;

const cellOf: Record<Exclude<Column, 'Answers'>, (row: TRespondentRow) => string> = {
  Email: (row) => text(row.email),
  'Quiz Result': (row) => text(row.result),
  'Date of play': (row) => listDate(row.playedAt) || blank,
  Country: (row) => text(row.country),
  State: (row) => text(row.state),
  City: (row) => text(row.city),
  Language: (row) => languageCell(row.language),
};

const headings = respondentColumns.map((title) => ({ title })) as IndexTableProps['headings'];
const sortable = respondentColumns.map((column) => sortOf[column] !== null);
const sortToggleLabels: IndexTableProps['sortToggleLabels'] = Object.fromEntries(
  respondentColumns.flatMap((column, index) =>
    sortOf[column] === null
      ? []
      : [
          [
            index,
            sortOf[column] === 'date'
              ? { ascending: 'Sort oldest first', descending: 'Sort newest first' }
              : { ascending: `Sort by ${column} A–Z`, descending: `Sort by ${column} Z–A` },
          ],
        ],
  ),
);

interface Props {
  respondents: TRespondentsPage;
  query: RespondentsQuery;
  loading: boolean;
  onSort(sort: RespondentSort, direction: Direction): void;
  onPage(page: number): void;
}

/** The completed plays: a server-sorted, paged table on wide screens and one card per respondent on phones. */
export function RespondentsTable(props: Props) {
  const { smDown } = useBreakpoints();
  const { respondents, onPage } = props;
  const pageCount = Math.max(1, Math.ceil(respondents.total / (respondents.pageSize || 1)));
  const first = (respondents.page - 1) * respondents.pageSize + 1;
  const last = first + respondents.items.length - 1;
  return (
    <BlockStack gap="0">
      {smDown ? <RespondentCards {...props} /> : <RespondentIndexTable {...props} />}
      <Box padding="300" borderBlockStartWidth="025" borderColor="border-secondary">
        <BlockStack gap="200" inlineAlign="center">
          {pageCount > 1 ? (
            <Pagination
              accessibilityLabel="Respondents pages"
              hasPrevious={respondents.page > 1}
              hasNext={respondents.page < pageCount}
              onPrevious={() => onPage(respondents.page - 1)}
              onNext={() => onPage(respondents.page + 1)}
              label={`Page ${respondents.page} of ${pageCount}`}
            />
          ) : null}
          {respondents.items.length > 0 ? (
            <Text as="p" tone="subdued" alignment="center" variant="bodySm">
              {`Showing ${count(first)}–${count(last)} of ${counted(respondents.total, 'respondent', 'respondents', count)}`}
            </Text>
          ) : null}
        </BlockStack>
      </Box>
    </BlockStack>
  );
}

function answersLabel(row: TRespondentRow) {
  return `${reportTexts.answersLink} of ${row.email?.trim() || row.name?.trim() || 'this respondent'}, ${listDate(row.playedAt)}`;
}

function RespondentIndexTable({ respondents, query, loading, onSort }: Props) {
  const sortColumnIndex = respondentColumns.findIndex((column) => sortOf[column] === query.sort);
  return (
    <IndexTable
      resourceName={{ singular: 'respondent', plural: 'respondents' }}
      itemCount={respondents.items.length}
      selectable={false}
      loading={loading}
      headings={headings}
      sortable={sortable}
      sortColumnIndex={sortColumnIndex}
      sortDirection={query.direction === 'asc' ? 'ascending' : 'descending'}
      defaultSortDirection="ascending"
      sortToggleLabels={sortToggleLabels}
      onSort={(index, direction) => {
        const sort = sortOf[respondentColumns[index]!];
        if (!sort) return;
        // A newly chosen column starts in its natural order; the same column again flips it.
        const next = index === sortColumnIndex ? (direction === 'ascending' ? 'asc' : 'desc') : firstDirection(sort);
        onSort(sort, next);
      }}
    >
      {respondents.items.map((row, index) => (
        <IndexTable.Row key={row.id} id={row.id} position={index}>
          {(Object.keys(cellOf) as (keyof typeof cellOf)[]).map((column) => (
            <IndexTable.Cell key={column}>
              <span className={column === 'Email' ? 'ql-report-cell ql-report-cell--email' : 'ql-report-cell'}>
                {cellOf[column](row)}
              </span>
            </IndexTable.Cell>
          ))}
          <IndexTable.Cell>
            <Link url={adminUrl('answersheet', row.id)} accessibilityLabel={answersLabel(row)} removeUnderline={false}>
              {reportTexts.answersLink}
            </Link>
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}

/** Phones: the headings would scroll out of sight, so each respondent is a card and sorting is a menu. */
const sortOptions = respondentColumns.flatMap((column) => {
  const sort = sortOf[column];
  if (!sort) return [];
  if (sort === 'date')
    return [
      { label: 'Newest first', value: 'date:desc' },
      { label: 'Oldest first', value: 'date:asc' },
    ];
  return [
    { label: `${column} A–Z`, value: `${sort}:asc` },
    { label: `${column} Z–A`, value: `${sort}:desc` },
  ];
});

function RespondentCards({ respondents, query, loading, onSort }: Props) {
  return (
    <div aria-busy={loading || undefined}>
      <Box padding="300">
        <Select
          label={reportTexts.sortBy}
          labelInline
          options={sortOptions}
          value={`${query.sort}:${query.direction}`}
          onChange={(value) => {
            const [sort, direction] = value.split(':') as [RespondentSort, Direction];
            onSort(sort, direction);
          }}
        />
      </Box>
      <ul className="ql-engagement-list" aria-label={reportTexts.respondentsTitle} aria-busy={loading || undefined}>
        {respondents.items.map((row) => (
          <li key={row.id} className="ql-engagement-list__item">
            <BlockStack gap="200">
              <dl className="ql-engagement-pairs">
                {(Object.keys(cellOf) as (keyof typeof cellOf)[]).map((column) => (
                  <div key={column} style={{ display: 'contents' }}>
                    <dt>{column}</dt>
                    <dd>{cellOf[column](row)}</dd>
                  </div>
                ))}
              </dl>
              <Link url={adminUrl('answersheet', row.id)} accessibilityLabel={answersLabel(row)}>
                {reportTexts.answersLink}
              </Link>
            </BlockStack>
          </li>
        ))}
      </ul>
    </div>
  );
}
