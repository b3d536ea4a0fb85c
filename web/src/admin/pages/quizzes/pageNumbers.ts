/** A page number to show, or a gap standing for the pages left out. */
export type PageItem = number | 'ellipsis';

export interface PageWindow {
  /** Pages always shown at each end. */
  margin: number;
  /** Pages shown around the current one (the current one included). */
  range: number;
}

/**
 * The page buttons of a paginated list: the first and last `margin` pages, `range` pages around
 * `current`, and an 'ellipsis' for each gap. A gap of a single page shows that page instead,
 * since a button takes no more room than the ellipsis would.
 *
 * pageNumbers(10, 20, {margin: 2, range: 5}) → [1, 2, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 19, 20]
 */
export function pageNumbers(current: number, total: number, { margin, range }: PageWindow): PageItem[] {
  if (!Number.isFinite(total) || total < 1) return [];
  const last = Math.floor(total);
  const page = Math.min(Math.max(1, Math.floor(current) || 1), last);

  const shown = new Set<number>();
  for (let n = 1; n <= Math.min(margin, last); n++) shown.add(n);
  for (let n = Math.max(1, last - margin + 1); n <= last; n++) shown.add(n);

  const width = Math.max(1, Math.min(range, last));
  let start = page - Math.floor((width - 1) / 2);
  start = Math.max(1, Math.min(start, last - width + 1));
  for (let n = start; n < start + width; n++) shown.add(n);

  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('ellipsis');
    items.push(n);
    previous = n;
  }
  // Only without margin pages can the list stop before the last page.
  if (last - previous === 1) items.push(last);
  else if (last - previous > 1) items.push('ellipsis');
  return items;
}
