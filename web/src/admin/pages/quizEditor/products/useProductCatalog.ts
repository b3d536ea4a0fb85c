import type { TProduct } from '@quizlead/shared/schemas/products.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { listProducts } from '../../../api/products.ts';

export type CatalogStatus = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; total: number };

/** Pages read at most when looking for the products a saved quiz names (the list has no id filter). */
const maxLookupPages = 20;

/**
 * The account's products as the panel knows them: the first page (for the pickers' first options and
 * the empty state), then further pages until every product the saved quiz names is known. Every search
 * result is remembered too, so a picked product always has its title and price.
 */
export function useProductCatalog(chosenIds: readonly string[]) {
  const [status, setStatus] = useState<CatalogStatus>({ status: 'loading' });
  const [known, setKnown] = useState<ReadonlyMap<string, TProduct>>(() => new Map());
  const [firstPage, setFirstPage] = useState<TProduct[]>([]);
  /** Every page was looked through: a chosen id still unknown is a product deleted since. */
  const [lookedUp, setLookedUp] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const chosenAtStart = useRef(chosenIds);

  const remember = useCallback((items: readonly TProduct[]) => {
    if (items.length === 0) return;
    setKnown((current) => {
      const next = new Map(current);
      for (const product of items) next.set(product.id, product);
      return next;
    });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const first = await listProducts({ search: '', page: 1 }, signal);
      remember(first.items);
      setFirstPage(first.items);
      setStatus({ status: 'ready', total: first.total });
      const seen = new Set(first.items.map((product) => product.id));
      let page = first.page;
      const unknown = () => chosenAtStart.current.some((id) => !seen.has(id));
      while (unknown() && page * first.pageSize < first.total && page < maxLookupPages) {
        page += 1;
        const next = await listProducts({ search: '', page }, signal);
        remember(next.items);
        next.items.forEach((product) => seen.add(product.id));
      }
      setLookedUp(true);
    })().catch((error: unknown) => {
      if (!signal.aborted) setStatus({ status: 'failed', message: errorMessage(error) });
    });
    return () => controller.abort();
  }, [attempt, remember]);

  const retry = useCallback(() => {
    setStatus({ status: 'loading' });
    setLookedUp(false);
    setAttempt((count) => count + 1);
  }, []);

  return { status, known, firstPage, lookedUp, remember, retry };
}

export type ProductCatalog = ReturnType<typeof useProductCatalog>;
