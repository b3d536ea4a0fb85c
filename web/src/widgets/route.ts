/**
 * Which widget a page shows, from its path (spec: builder-widgets-shell.md §2.1; docs/api.md "Embedding"):
 * /feedback/preview/{id}, /poll/publish/show/{id}/{slug}, /poll/demo/preview/{id}/{slug} (always asks
 * for the email) and /wheelspin/publish/show/{id}/{slug}. The slug is for people; the id finds the item.
 */
export type WidgetRoute =
  | { kind: 'poll'; id: string; demo: boolean }
  | { kind: 'feedback'; id: string }
  | { kind: 'wheel'; id: string }
  | { kind: 'unknown' };

const idPattern = /^[\w-]{1,64}$/;

function decoded(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const id = decodeURIComponent(value);
    return idPattern.test(id) ? id : null;
  } catch {
    return null;
  }
}

export function readWidgetRoute(pathname: string): WidgetRoute {
  const path = pathname.replace(/\/+$/, '');
  let match = /^\/poll\/(publish\/show|demo\/preview)\/([^/]+)(?:\/[^/]*)?$/.exec(path);
  if (match) {
    const id = decoded(match[2]);
    return id ? { kind: 'poll', id, demo: match[1] === 'demo/preview' } : { kind: 'unknown' };
  }
  match = /^\/feedback\/preview\/([^/]+)$/.exec(path);
  if (match) {
    const id = decoded(match[1]);
    return id ? { kind: 'feedback', id } : { kind: 'unknown' };
  }
  match = /^\/wheelspin\/publish\/show\/([^/]+)(?:\/[^/]*)?$/.exec(path);
  if (match) {
    const id = decoded(match[1]);
    return id ? { kind: 'wheel', id } : { kind: 'unknown' };
  }
  return { kind: 'unknown' };
}
