/**
 * The slug of a title, as public links use it: lower case, spaces become hyphens, every other
 * non-word character is removed (spec: account-player-management.md short-link route).
 */
export function slugify(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}
