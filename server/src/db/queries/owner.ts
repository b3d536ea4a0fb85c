import { asc, eq } from 'drizzle-orm';
import { footerLinksFor, type TFooterLinks } from '@quizlead/shared/poweredBy.ts';
import type { AccountMode } from '@quizlead/shared/constants.ts';
import type { TAdPixelIds } from '@quizlead/shared/schemas/adPixels.ts';
import type { Auth } from '../../context.ts';
import { UnauthorizedError } from '../../errors.ts';
import type { Db } from '../client.ts';
import { accounts, memberships, platformAdmins, users } from '../schema/index.ts';
import { scoped } from '../scope.ts';

/** The signed-in user with their account; a user removed since sign-in is signed out. */
export async function findOwner(db: Db, auth: Pick<Auth, 'userId' | 'accountId'>) {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(scoped(users, auth.accountId, eq(users.id, auth.userId)))
    .limit(1);
  if (!row) throw UnauthorizedError();
  return row;
}

/** The user's role in the account and whether they are a platform administrator; undefined without a membership. */
export async function findAccess(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({ role: memberships.role, adminSince: platformAdmins.createdAt })
    .from(memberships)
    .leftJoin(platformAdmins, eq(platformAdmins.userId, memberships.userId))
    .where(scoped(memberships, accountId, eq(memberships.userId, userId)))
    .limit(1);
  return row ? { role: row.role, platformAdmin: row.adminSince !== null } : undefined;
}

/** Whether an account is on the free plan or a paid one (public pages show 'Powered By' for free ones). */
export async function accountMode(db: Db, accountId: string) {
  const [account] = await db.select({ mode: accounts.mode }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return account?.mode ?? 'free';
}

/**
 * What a public widget page takes from its account: the plan and where its free-plan footer leads
 * ('Powered By'), and the default ad pixel ids (issue 35).
 */
export async function accountFooter(db: Db, accountId: string, appStoreUrl: string): Promise<PublicOwner> {
  const [account] = await db
    .select({
      mode: accounts.mode,
      kind: accounts.kind,
      metaPixelId: accounts.metaPixelId,
      tiktokPixelId: accounts.tiktokPixelId,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return {
    mode: account?.mode ?? 'free',
    footerLinks: footerLinksFor(account?.kind ?? 'standalone', appStoreUrl),
    adPixels: { metaPixelId: account?.metaPixelId ?? '', tiktokPixelId: account?.tiktokPixelId ?? '' },
  };
}

export interface PublicOwner {
  mode: AccountMode;
  footerLinks: TFooterLinks;
  adPixels: TAdPixelIds;
}

/**
 * Where mail to an account's owner goes (lead notifications, data requests, invoices…): the address the
 * owner chose, else a shop's own address from Shopify, else the first user's (who signed up, or the
 * shop's installer before Shopify's address is read).
 */
export async function ownerEmail(db: Db, accountId: string): Promise<string | undefined> {
  const [owner] = await db
    .select({ email: users.email, shopEmail: accounts.shopEmail, notificationEmail: accounts.notificationEmail })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(scoped(users, accountId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!owner) return undefined;
  return owner.notificationEmail || owner.shopEmail || owner.email;
}

/** A shop account's myshopify.com domain; undefined for a standalone account. */
export async function shopDomainOf(db: Db, accountId: string): Promise<string | undefined> {
  const [account] = await db
    .select({ shopDomain: accounts.shopDomain })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return account?.shopDomain ?? undefined;
}
