/** A LIKE pattern matching `search` anywhere, its wildcards (% _ \) taken literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
