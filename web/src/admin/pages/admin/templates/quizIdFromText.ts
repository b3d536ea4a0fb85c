const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The quiz id in what an administrator pasted: the id itself, or any link holding it (the editor's
 * /app/Quiz/Edit/{id}, the share page, /play/{id}, quizplayer2.html?quizid={id}). Anything else comes
 * back trimmed, for the shared schema to refuse on the field before anything is sent.
 */
export function quizIdFromText(text: string): string {
  const trimmed = text.trim();
  return uuid.exec(trimmed)?.[0].toLowerCase() ?? trimmed;
}
