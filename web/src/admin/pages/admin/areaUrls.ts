import { adminUrl } from '../../urls.ts';

/**
 * The admin area's sections, by their path under /app/Admin, in the order of its section navigation.
 * The area routes these itself (AdminArea.tsx): the shell's route table has one prefix route for it.
 */
export const adminSections = [
  'accounts',
  'plans',
  'discount-codes',
  'templates',
  'deliveries',
  'contact-messages',
  'web-vitals',
  'audit-log',
] as const;
export type AdminSection = (typeof adminSections)[number];

/** /app/Admin/{section}, with a query when given (values encoded). */
export function adminSectionUrl(section: AdminSection, query?: Record<string, string>): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return `${adminUrl('Admin')}/${section}${search ? `?${search}` : ''}`;
}

/** /app/Admin/accounts/{id}. */
export const adminAccountUrl = (accountId: string) => `${adminSectionUrl('accounts')}/${encodeURIComponent(accountId)}`;

/** The section a path under /app/Admin belongs to (case-insensitive, like every /app route), or null. */
export function sectionOf(pathname: string): AdminSection | null {
  const base = adminUrl('Admin').toLowerCase();
  const path = pathname.toLowerCase();
  if (!path.startsWith(`${base}/`)) return null;
  const segment = path.slice(base.length + 1).split('/')[0] ?? '';
  return adminSections.find((section) => section === segment) ?? null;
}
