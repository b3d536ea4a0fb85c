import { BlockStack, Box, Card, EmptyState, IndexTable, InlineStack, Loading, Page, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import type { IndexTableProps } from '@shopify/polaris';
import { DeleteIcon, EditIcon, ShareIcon, ViewIcon } from '@shopify/polaris-icons';
import { feedbackMessages, engagementMessages, type EngagementKind } from '@quizlead/shared/engagement.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/client.ts';
import type { ListPage } from '../../api/lists.ts';
import { useResource } from '../../data/useResource.ts';
import emptyImage from '../../assets/welcome.svg';
import { ConfirmModal } from '../../pages/quizEditor/fields/ConfirmModal.tsx';
import { PagePicker } from '../../pages/quizzes/PagePicker.tsx';
import { useShowToast } from '../../toast.ts';
import { cutText } from './cutText.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { RowActions, type RowAction } from './RowActions.tsx';
import { pageCountOf, usePageParam } from './usePageParam.ts';
import { LoadingCard } from '../LoadingCard.tsx';
import './engagement.css';

export interface ListColumn {
  title: string;
  alignment?: 'start' | 'center' | 'end';
}

/** One row as the table shows it, and as the phone list shows it. */
export interface ListItem {
  /** The item's name for screen readers ('Edit {name}'). */
  name: string;
  /** One per column, the Action column excepted. */
  cells: ReactNode[];
  /** Phones: a heading and the details under it. */
  heading: string;
  details: ReactNode[];
  /** Where the row's actions go, in the spec's order: edit, preview (a new window), delete, share, submissions. */
  links: {
    edit: string;
    preview: string;
    share: string;
    /** 'View votes', 'Responses', 'Results': the kind's submissions screen. */
    submissions: { label: string; accessibilityLabel: string; icon: RowAction['icon']; url: string };
  };
}

/** A row's name cell: the name cut to fit, whole in its tooltip when cut. */
export function NameCell({ name, chars }: { name: string; chars: number }) {
  const cut = cutText(name, chars);
  return (
    <span title={cut === name ? undefined : name}>
      <Text as="span" fontWeight="semibold">
        {cut}
      </Text>
    </span>
  );
}

interface Props<Row extends { id: string }> {
  title: string;
  resourceName: { singular: string; plural: string };
  createAction: { content: string; url: string };
  emptyText: string;
  emptyAction: string;
  load(page: number, signal: AbortSignal): Promise<ListPage<Row>>;
  columns: ListColumn[];
  item(row: Row, number: number): ListItem;
  remove: {
    /** The modal's title. */
    title: string;
    /** Names the item in the question: 'Are you sure you want to delete the poll “…”?' */
    kind: EngagementKind;
    run(id: string): Promise<unknown>;
    success: string;
    /** The failure notification's words (the spec's, per tool); the server's reason follows them. */
    failure: string;
  };
}

/** Where the delete question cuts a long name. */
const confirmNameChars = 80;

/**
 * The poll, web response and wheel lists: '{n} Total', a table (a list on phones), pages, and delete
 * behind a confirmation that ends back on the list, whatever the answer.
 */
export function ListScreen<Row extends { id: string }>(props: Props<Row>) {
  const { title, resourceName, createAction, emptyText, emptyAction, load, columns, item, remove } = props;
  const showToast = useShowToast();
  const { smDown } = useBreakpoints();
  const [page, setPage] = usePageParam();
  const { loaded, data: list, loading, reload } = useResource([remove.kind, 'list', page], (signal) => load(page, signal));
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  // The question keeps its name while the dialog closes.
  const [askedName, setAskedName] = useState('');
  const [deleteBusy, setDeleteBusy] = useState(false);

  const pageCount = list ? pageCountOf(list.total, list.pageSize) : 1;
  // A page past the end (after deletes, or an old link) moves to the last page there is.
  const pastEnd = list !== null && !loading && list.total > 0 && list.items.length === 0 && page > pageCount;
  useEffect(() => {
    if (pastEnd) setPage(pageCount);
  }, [pastEnd, pageCount, setPage]);

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await remove.run(deleting.id);
      showToast(remove.success);
      // The last row of a later page gone: the page before it.
      if (list && list.items.length === 1 && page > 1) setPage(page - 1);
      else reload();
    } catch (error) {
      showToast(`${remove.failure}: ${errorMessage(error)}`, { error: true });
      reload();
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  }

  const failure = loaded.state === 'failed' ? <LoadFailed message={loaded.message} onRetry={reload} /> : null;

  let body: ReactNode;
  if (!list) {
    body = failure ?? <LoadingCard message={feedbackMessages.loading} lines={6} gap="400" />;
  } else if (list.total === 0 && !loading) {
    body = (
      <BlockStack gap="400">
        {failure}
        <Card>
          <EmptyState image={emptyImage} action={{ content: emptyAction, url: createAction.url }}>
            <p>{emptyText}</p>
          </EmptyState>
        </Card>
      </BlockStack>
    );
  } else {
    const first = (list.page - 1) * list.pageSize + 1;
    const items = list.items.map((row, index) => {
      const shown = item(row, first + index);
      const askDelete: RowAction = {
        label: 'Delete',
        accessibilityLabel: `Delete ${shown.name}`,
        icon: DeleteIcon,
        destructive: true,
        onAction: () => {
          setDeleting({ id: row.id, name: shown.name });
          setAskedName(shown.name);
        },
      };
      const { name, links } = shown;
      const actions: RowAction[] = [
        { label: 'Edit', accessibilityLabel: `Edit ${name}`, icon: EditIcon, url: links.edit },
        {
          label: 'Preview',
          accessibilityLabel: `Preview ${name} in a new window`,
          icon: ViewIcon,
          url: links.preview,
          newWindow: true,
        },
        askDelete,
        { label: 'Share', accessibilityLabel: `Share ${name}`, icon: ShareIcon, url: links.share },
        links.submissions,
      ];
      return { id: row.id, shown, actions };
    });
    body = (
      <BlockStack gap="400">
        {failure}
        <Card padding="0">
          <Box padding="300">
            <Text as="p" variant="headingSm">
              {feedbackMessages.total(list.total)}
            </Text>
          </Box>
          {smDown ? (
            <ul className="ql-engagement-list" aria-label={title} aria-busy={loading || undefined}>
              {items.map(({ id, shown, actions }) => (
                <li key={id} className="ql-engagement-list__item">
                  <BlockStack gap="200">
                    <Text as="h2" variant="headingSm" breakWord>
                      {shown.heading}
                    </Text>
                    {shown.details.map((detail, index) => (
                      <Text as="p" variant="bodySm" tone="subdued" key={index}>
                        {detail}
                      </Text>
                    ))}
                    <InlineStack align="end">
                      <RowActions actions={actions} />
                    </InlineStack>
                  </BlockStack>
                </li>
              ))}
            </ul>
          ) : (
            <IndexTable
              resourceName={resourceName}
              itemCount={items.length}
              selectable={false}
              loading={loading}
              headings={
                [...columns, { title: 'Action', alignment: 'end' as const }].map(({ title: heading, alignment }) => ({
                  title: heading,
                  alignment,
                })) as IndexTableProps['headings']
              }
            >
              {items.map(({ id, shown, actions }, index) => (
                <IndexTable.Row key={id} id={id} position={index}>
                  {shown.cells.map((cell, cellIndex) => (
                    <IndexTable.Cell key={cellIndex}>{cell}</IndexTable.Cell>
                  ))}
                  <IndexTable.Cell>
                    <InlineStack align="end">
                      <RowActions actions={actions} />
                    </InlineStack>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
        <PagePicker page={list.page} pageCount={pageCount} onChange={setPage} />
      </BlockStack>
    );
  }

  return (
    <Page title={title} primaryAction={createAction}>
      {loading ? <Loading /> : null}
      {body}
      <Box paddingBlockEnd="800" />
      <ConfirmModal
        open={deleting !== null}
        title={remove.title}
        message={engagementMessages.deleteConfirm(remove.kind, cutText(askedName, confirmNameChars))}
        confirm={engagementMessages.deleteConfirmButton}
        destructive
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          if (!deleteBusy) setDeleting(null);
        }}
      />
    </Page>
  );
}
