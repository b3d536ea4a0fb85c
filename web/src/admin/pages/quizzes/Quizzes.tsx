import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  Icon,
  InlineStack,
  Layout,
  Loading,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import { SearchIcon } from '@shopify/polaris-icons';
import { useQueryClient } from '@tanstack/react-query';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import type { TQuizListRow } from '@quizlead/shared/schemas/quiz.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorNotice } from '../../api/client.ts';
import { deleteQuiz, getQuiz, listQuizzes, setQuizStatus, type QuizPage } from '../../api/quizzes.ts';
import emptyImage from '../../assets/welcome.svg';
import { useResource } from '../../data/useResource.ts';
import { useShowToast } from '../../toast.ts';
import { DeleteQuizModal } from './DeleteQuizModal.tsx';
import { untitled } from './format.ts';
import { PagePicker } from './PagePicker.tsx';
import { type ListQuery, readQuery, writeQuery } from './query.ts';
import { QuizPreviewModal } from './QuizPreview.tsx';
import { QuizTable } from './QuizTable.tsx';
import { QuizTableSkeleton } from './QuizTableSkeleton.tsx';
import { adminUrl } from '../../urls.ts';
import { counted } from '@quizlead/shared/plural.ts';

const title = 'Quizzes';
const subtitle = 'Search, publish, preview and manage your quizzes.';
const searchDelay = 300;

/** /app/Quizzes: the owner's quizzes, searched, sorted and paged on the server. */
export function Quizzes() {
  const showToast = useShowToast();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readQuery(params), [params]);
  const setQuery = useCallback(
    (change: Partial<ListQuery>) => setParams((current) => writeQuery({ ...readQuery(current), ...change }), { replace: true }),
    [setParams],
  );

  const [searchText, setSearchText] = useState(query.search);
  const [previewing, setPreviewing] = useState<TQuizListRow | null>(null);
  const [deleting, setDeleting] = useState<TQuizListRow | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  // The search box asks the server once typing pauses.
  useEffect(() => {
    const search = searchText.trim();
    if (search === query.search) return;
    const timer = setTimeout(() => setQuery({ search, page: 1 }), searchDelay);
    return () => clearTimeout(timer);
  }, [searchText, query.search, setQuery]);

  const { search, sort, direction, page } = query;
  const quizzes = useResource(['quizzes', 'list', search, sort, direction, page], (signal) =>
    listQuizzes({ search, sort, direction, page }, signal),
  );
  const { data: list, loading, reload } = quizzes;
  const failure = quizzes.loaded.state === 'loading' ? null : quizzes.failure;

  const pageCount = list ? Math.max(1, Math.ceil(list.total / (list.pageSize || 1))) : 1;
  // A page past the end (after deletes, or an old link) moves to the last page there is.
  useEffect(() => {
    if (list && !loading && list.total > 0 && list.items.length === 0 && query.page > pageCount) setQuery({ page: pageCount });
  }, [list, loading, query.page, pageCount, setQuery]);

  const toggleStatus = useCallback(
    async (row: TQuizListRow) => {
      const next = row.status === 'published' ? 'draft' : 'published';
      try {
        const quiz = await setQuizStatus(row.id, next);
        // Every page that shows the quiz, at once; the next visit asks the server again.
        client.setQueriesData<QuizPage>({ queryKey: ['quizzes', 'list'] }, (page) =>
          page
            ? { ...page, items: page.items.map((item) => (item.id === row.id ? { ...item, status: quiz.status } : item)) }
            : page,
        );
        showToast(quizMessages.statusUpdated(quiz.status));
      } catch (error) {
        showToast(errorNotice(error), { error: true });
      }
    },
    [showToast, client],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await deleteQuiz(deleting.id);
      showToast(quizMessages.deleted);
      setDeleting(null);
      if (list && list.items.length === 1 && query.page > 1) setQuery({ page: query.page - 1 });
      else reload();
    } catch {
      showToast(quizMessages.deleteFailed, { error: true });
    } finally {
      setDeleteBusy(false);
    }
  };

  const clearSearch = () => {
    setSearchText('');
    setQuery({ search: '', page: 1 });
  };

  const primaryAction = { content: 'Create Quiz', url: adminUrl('Templates') };
  const failureBanner = failure ? (
    <Banner tone="critical" action={{ content: 'Try again', onAction: reload }}>
      <p>{failure}</p>
    </Banner>
  ) : null;

  const searchBox = (
    <Box padding="300">
      <TextField
        label="Search quizzes"
        labelHidden
        placeholder="Search by title"
        autoComplete="off"
        maxLength={150}
        prefix={<Icon source={SearchIcon} tone="subdued" />}
        value={searchText}
        onChange={setSearchText}
        clearButton
        onClearButtonClick={clearSearch}
      />
    </Box>
  );

  // First load: the page as it will be (the same elements, so the search box stays as it is), the
  // table's rows still to come.
  if (!list) {
    return (
      <Page title={title} subtitle={subtitle} primaryAction={primaryAction}>
        {loading ? <Loading /> : null}
        <BlockStack gap="400">
          {failureBanner}
          {failureBanner ? null : (
            <Card padding="0">
              {searchBox}
              <QuizTableSkeleton />
            </Card>
          )}
        </BlockStack>
      </Page>
    );
  }

  const empty = list.total === 0 && !query.search && !searchText.trim();
  if (empty && !loading) {
    return (
      <Page title={title} primaryAction={primaryAction}>
        <Layout>
          <Layout.Section>
            {failureBanner}
            <Card>
              <EmptyState image={emptyImage} action={{ content: 'Build Your Quiz', url: adminUrl('Templates') }}>
                <p>{quizMessages.emptyList}</p>
              </EmptyState>
            </Card>
          </Layout.Section>
        </Layout>
      </Page>
    );
  }

  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.items.length - 1;
  const anyFromTemplate = list.items.some((row) => row.fromTemplate);

  return (
    <Page title={title} subtitle={subtitle} primaryAction={primaryAction}>
      {loading ? <Loading /> : null}
      <BlockStack gap="400">
        {failureBanner}
        <Card padding="0">
          {searchBox}
          <QuizTable
            rows={list.items}
            query={query}
            loading={loading}
            onSort={(sort, direction) => setQuery({ sort, direction, page: 1 })}
            onToggleStatus={toggleStatus}
            onPreview={setPreviewing}
            onDelete={setDeleting}
          />
          {list.items.length === 0 && query.search ? (
            <Box paddingBlockEnd="400">
              <InlineStack align="center">
                <Button onClick={clearSearch}>Clear search</Button>
              </InlineStack>
            </Box>
          ) : null}
        </Card>
        {list.items.length > 0 ? (
          <BlockStack gap="300" inlineAlign="center">
            <PagePicker page={list.page} pageCount={pageCount} onChange={(page) => setQuery({ page })} />
            <Text as="p" tone="subdued" alignment="center">
              {`Showing ${first}–${last} of ${counted(list.total, 'quiz', 'quizzes')}`}
              {anyFromTemplate ? ' · * made from a template' : ''}
            </Text>
          </BlockStack>
        ) : null}
      </BlockStack>
      <Box paddingBlockEnd="800" />

      <QuizPreviewModal
        id={previewing?.id ?? null}
        title={previewing?.title.trim() || untitled}
        load={getQuiz}
        onClose={() => setPreviewing(null)}
      />
      <DeleteQuizModal
        quiz={deleting ? { id: deleting.id, title: deleting.title.trim() || untitled } : null}
        deleting={deleteBusy}
        onConfirm={confirmDelete}
        onClose={() => {
          if (!deleteBusy) setDeleting(null);
        }}
      />
    </Page>
  );
}
