import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The page of a paged table, kept in the address (?page=) so reload and Back keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('page'));
  const page = Number.isInteger(value) && value >= 1 ? value : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [page, setPage];
}

/** How many pages `total` rows fill. */
export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / (pageSize || 1)));
