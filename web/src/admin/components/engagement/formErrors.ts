/** The shape of a failed zod parse that forms need (kept structural: no zod import here). */
interface Issues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** The first message for each field, by dotted path ('description', 'options', 'options.2.text'). */
export function issueMessages(error: Issues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}
