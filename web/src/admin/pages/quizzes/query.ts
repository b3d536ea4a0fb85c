import { quizSortFields } from '@quizlead/shared/schemas/quiz.ts';

export type SortField = (typeof quizSortFields)[number];
export type SortDirection = 'asc' | 'desc';

/** What the list shows, kept in the address so reload and Back keep it. */
export interface ListQuery {
  search: string;
  sort: SortField;
  direction: SortDirection;
  page: number;
}

export const defaultQuery: ListQuery = { search: '', sort: 'date', direction: 'desc', page: 1 };

export function readQuery(params: URLSearchParams): ListQuery {
  const sort = params.get('sort');
  const direction = params.get('direction');
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').trim().slice(0, 150),
    sort: (quizSortFields as readonly string[]).includes(sort ?? '') ? (sort as SortField) : defaultQuery.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : defaultQuery.direction,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the defaults goes in the address. */
export function writeQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.sort !== defaultQuery.sort || query.direction !== defaultQuery.direction) {
    params.set('sort', query.sort);
    params.set('direction', query.direction);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}
