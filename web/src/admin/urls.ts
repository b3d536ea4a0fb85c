import { adminPaths, type AdminScreen } from '@quizlead/shared/adminPaths.ts';
import { adminBasePath } from './shell.ts';

export { adminPaths, type AdminScreen } from '@quizlead/shared/adminPaths.ts';

type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<Rest>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

type Strings<Names extends unknown[]> = { [Index in keyof Names]: string };

/** One string per `:param` of the screen's pattern, in order, then an optional query. */
export type AdminUrlArgs<Screen extends AdminScreen> = [
  ...Strings<ParamNames<(typeof adminPaths)[Screen]>>,
  query?: Record<string, string>,
];

/**
 * The address of a screen in the current shell: adminUrl('Quiz/Edit', id) is /app/Quiz/Edit/{id}
 * standalone and /shopify/app/Quiz/Edit/{id} embedded; adminUrl('Templates', { quiztype }) adds a
 * query. Values are URL-encoded. The dashboard keeps its trailing slash (/app/).
 */
export function adminUrl<Screen extends AdminScreen>(screen: Screen, ...args: AdminUrlArgs<Screen>): string {
  const values = args.filter((arg): arg is string => typeof arg === 'string');
  const query = args.find((arg): arg is Record<string, string> => typeof arg === 'object' && arg !== null);
  let next = 0;
  const path = adminPaths[screen].replace(/:\w+/g, (param) => {
    const value = values[next++];
    if (value === undefined) throw new Error(`adminUrl('${screen}') needs a value for ${param}`);
    return encodeURIComponent(value);
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return adminPath(path) + (search ? `?${search}` : '');
}

/** A path under the shell's base: adminPath('Quizzes') is /app/Quizzes; adminPath('') is /app/. */
export function adminPath(path: string): string {
  return `${adminBasePath()}/${path.replace(/^\/+/, '')}`;
}

/** A Polaris back action or breadcrumb to a screen. */
export function adminLink<Screen extends AdminScreen>(content: string, screen: Screen, ...args: AdminUrlArgs<Screen>) {
  return { content, url: adminUrl(screen, ...args) };
}
