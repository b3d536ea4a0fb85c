/** The shape of a failed zod parse that forms need (kept structural: no zod import here). */
export interface Issues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/**
 * The first message for each field of a failed parse, in the order of the issues. A field is named by its
 * dotted path ('description', 'options.2.text'), or by `keyOf`.
 */
export function issueMessages(
  error: Issues,
  keyOf: (path: ReadonlyArray<PropertyKey>) => string = (path) => path.map(String).join('.'),
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) messages[keyOf(issue.path)] ??= issue.message;
  return messages;
}

/** The first message for each top-level field ('options', not 'options.2.text'). */
export const fieldErrors = (error: Issues): Record<string, string> => issueMessages(error, (path) => String(path[0] ?? ''));
