import { isVisitorLanguage, type VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { respondentSorts, type RespondentSort } from '@quizlead/shared/reports.ts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type Direction = 'asc' | 'desc';

/** The respondents table's page and order, kept in the address so reload, Back and shared links keep them. */
export interface RespondentsQuery {
  page: number;
  sort: RespondentSort;
  direction: Direction;
  /** Only the plays shown in this language (issue 34); null for every language. */
  language: VisitorLanguage | null;
}

/** The server's order when nothing is asked: newest plays first. */
export const defaultRespondentsQuery: RespondentsQuery = { page: 1, sort: 'date', direction: 'desc', language: null };

/** The direction a column sorts in when first chosen: dates newest first, texts A to Z. */
export const firstDirection = (sort: RespondentSort): Direction => (sort === 'date' ? 'desc' : 'asc');

export function readRespondentsQuery(params: URLSearchParams): RespondentsQuery {
  const sort = params.get('sort') ?? '';
  const direction = params.get('direction');
  const page = Number(params.get('page'));
  const language = params.get('language');
  return {
    language: isVisitorLanguage(language) ? language : null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    sort: (respondentSorts as readonly string[]).includes(sort) ? (sort as RespondentSort) : defaultRespondentsQuery.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : defaultRespondentsQuery.direction,
  };
}

/** Only what differs from the defaults goes in the address. */
export function writeRespondentsQuery(query: RespondentsQuery, into = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(into);
  for (const key of ['page', 'sort', 'direction', 'language']) params.delete(key);
  if (query.sort !== defaultRespondentsQuery.sort || query.direction !== defaultRespondentsQuery.direction) {
    params.set('sort', query.sort);
    params.set('direction', query.direction);
  }
  if (query.page > 1) params.set('page', String(query.page));
  if (query.language) params.set('language', query.language);
  return params;
}

export function useRespondentsQuery(): [RespondentsQuery, (change: Partial<RespondentsQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readRespondentsQuery(params), [params]);
  const setQuery = useCallback(
    (change: Partial<RespondentsQuery>) =>
      setParams((current) => writeRespondentsQuery({ ...readRespondentsQuery(current), ...change }, current), { replace: true }),
    [setParams],
  );
  return [query, setQuery];
}
