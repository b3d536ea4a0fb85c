import { playerSorts, type PlayerSort } from '@quizlead/shared/reports.ts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type Direction = 'asc' | 'desc';

/** The players table's page and order, kept in the address so reload, Back and shared links keep them. */
export interface PlayersQuery {
  page: number;
  sort: PlayerSort;
  direction: Direction;
}

/** The server's order when nothing is asked: newest plays first. */
export const defaultPlayersQuery: PlayersQuery = { page: 1, sort: 'date', direction: 'desc' };

/** The direction a column sorts in when first chosen: dates newest first, texts A to Z. */
export const firstDirection = (sort: PlayerSort): Direction => (sort === 'date' ? 'desc' : 'asc');

export function readPlayersQuery(params: URLSearchParams): PlayersQuery {
  const sort = params.get('sort') ?? '';
  const direction = params.get('direction');
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    sort: (playerSorts as readonly string[]).includes(sort) ? (sort as PlayerSort) : defaultPlayersQuery.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : defaultPlayersQuery.direction,
  };
}

/** Only what differs from the defaults goes in the address. */
export function writePlayersQuery(query: PlayersQuery, into = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(into);
  for (const key of ['page', 'sort', 'direction']) params.delete(key);
  if (query.sort !== defaultPlayersQuery.sort || query.direction !== defaultPlayersQuery.direction) {
    params.set('sort', query.sort);
    params.set('direction', query.direction);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export function usePlayersQuery(): [PlayersQuery, (change: Partial<PlayersQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readPlayersQuery(params), [params]);
  const setQuery = useCallback(
    (change: Partial<PlayersQuery>) =>
      setParams((current) => writePlayersQuery({ ...readPlayersQuery(current), ...change }, current), { replace: true }),
    [setParams],
  );
  return [query, setQuery];
}
