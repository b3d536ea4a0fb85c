import { BlockStack, Card, EmptyState } from '@shopify/polaris';
import { adminMessages } from '@quizlead/shared/admin.ts';
import type { ReactNode } from 'react';
import emptyImage from '../../../assets/welcome.svg';
import { LoadFailed } from '../../../components/engagement/LoadFailed.tsx';
import type { Loaded } from '../../../data/useResource.ts';
import { areaTexts } from '../texts.ts';
import { LoadingCard } from '../../../components/LoadingCard.tsx';

/** useResource's answer for a list. */
export interface ListState<T> {
  loaded: Loaded<T>;
  data: T | null;
  loading: boolean;
  reload(): void;
}

interface Props<T> {
  list: ListState<T>;
  isEmpty(data: T): boolean;
  /** What an empty list says, and what to do about it. */
  empty: string;
  emptyAction?: { content: string; onAction(): void };
  children(data: T): ReactNode;
}

/**
 * A list's states: a skeleton until the first answer, a failure with Try again, the empty state, or
 * the list (the previous one stays, dimmed by the table, while the next page or search loads; a
 * failed reload shows its banner above it).
 */
export function ListBody<T>({ list, isEmpty, empty, emptyAction, children }: Props<T>) {
  const { loaded, data, loading, reload } = list;
  const failure =
    loaded.state === 'failed' || loaded.state === 'missing' ? (
      <LoadFailed message={loaded.state === 'failed' ? loaded.message : adminMessages.loadError} onRetry={reload} />
    ) : null;

  if (data === null) {
    return failure ?? <LoadingCard message={areaTexts.loading} lines={6} gap="300" />;
  }
  return (
    <BlockStack gap="400">
      {failure}
      {isEmpty(data) && !loading ? (
        <Card>
          <EmptyState image={emptyImage} action={emptyAction}>
            <p>{empty}</p>
          </EmptyState>
        </Card>
      ) : (
        children(data)
      )}
    </BlockStack>
  );
}
