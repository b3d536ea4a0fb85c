import { Card, SkeletonBodyText, SkeletonPage } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ItemNotReady } from './ItemNotReady.tsx';
import type { EngagementKind } from '@quizlead/shared/engagement.ts';
import { useResource } from '../../data/useResource.ts';

interface Props<T> {
  kind: EngagementKind;
  title: string;
  /** 'Poll', 'Web response', 'Wheel spin': what a wrong id is not. */
  thing: string;
  list: { content: string; url: string };
  loadItem(id: string, signal: AbortSignal): Promise<T>;
  /** The form's height while it loads, in lines. */
  skeletonLines: number;
  /** The kind's form on the loaded item. */
  form(item: T): ReactNode;
}

/**
 * The edit screen of a poll, web response or wheel (/app/…/edit/{id}): the item loads (a skeleton of
 * the form's size), then its form; an id not in the account is not found, a failed load can be retried.
 */
export function EditScreen<T>({ kind, title, thing, list, loadItem, skeletonLines, form }: Props<T>) {
  const { id = '' } = useParams();
  const item = useResource([kind, 'item', id], (signal) => loadItem(id, signal));
  if (item.loaded.state !== 'ready') {
    return (
      <ItemNotReady item={item} title={title} thing={thing} list={list}>
        <SkeletonPage title={title} backAction>
          <Card>
            <SkeletonBodyText lines={skeletonLines} />
          </Card>
        </SkeletonPage>
      </ItemNotReady>
    );
  }
  return form(item.loaded.data);
}
