import { Page } from '@shopify/polaris';
import type { ReactNode } from 'react';
import type { Loaded } from '../../data/useResource.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { NotFound } from './NotFound.tsx';

interface Props {
  /** The item's useResource, before its state is ready. */
  item: { loaded: Loaded<unknown>; reload(): void };
  /** The screen's title, kept over a failure. */
  title: string;
  /** 'Poll', 'Web response', 'Wheel spin': what a wrong id is not. */
  thing: string;
  list: { content: string; url: string };
  /** The screen's skeleton, while the item loads. */
  children: ReactNode;
}

/**
 * A screen of one poll, web response or wheel until its item is there: an id not in the account is
 * not found, a failed load can be retried, and a load under way shows the screen's skeleton.
 */
export function ItemNotReady({ item, title, thing, list, children }: Props) {
  const { loaded } = item;
  if (loaded.state === 'missing') return <NotFound thing={thing} list={list} />;
  if (loaded.state === 'failed') {
    return (
      <Page title={title} backAction={list}>
        <LoadFailed message={loaded.message} onRetry={item.reload} />
      </Page>
    );
  }
  return children;
}
