/** Ids the builder makes up before anything is saved (the server keeps them as they are). */

/** A short random id for answers, personalities and categories, like 'a1b2c3'. */
export function shortId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Question ids are UUIDs (the API checks it). */
export const questionId = (): string => crypto.randomUUID();
