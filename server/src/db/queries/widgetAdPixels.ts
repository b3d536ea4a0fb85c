import { eq, sql } from 'drizzle-orm';
import type { TAdPixelIds } from '@quizlead/shared/schemas/adPixels.ts';
import type { Db } from '../client.ts';
import { accounts, feedbacks, polls, wheels } from '../schema/index.ts';

const tables = { poll: polls, feedback: feedbacks, wheel: wheels } as const;

/**
 * A public widget item's own ad pixel ids and its account's defaults (issue 35), for the page's
 * Content-Security-Policy; undefined for an item visitors cannot see (none, or an unpublished poll or
 * wheel: its page shows no pixel). Web responses have no published switch.
 */
export async function widgetAdPixels(
  db: Db,
  kind: keyof typeof tables,
  id: string,
): Promise<{ item: TAdPixelIds; account: TAdPixelIds } | undefined> {
  const table = tables[kind];
  const published = 'published' in table ? table.published : sql<boolean>`true`;
  // A public page finds its item by id, whichever account it is in (the table is one of three, so the
  // tenant-scope check does not read this query).
  const [row] = await db
    .select({
      published,
      metaPixelId: table.metaPixelId,
      tiktokPixelId: table.tiktokPixelId,
      accountMetaPixelId: accounts.metaPixelId,
      accountTiktokPixelId: accounts.tiktokPixelId,
    })
    .from(table)
    .innerJoin(accounts, eq(accounts.id, table.accountId))
    .where(eq(table.id, id))
    .limit(1);
  if (!row?.published) return undefined;
  return {
    item: { metaPixelId: row.metaPixelId, tiktokPixelId: row.tiktokPixelId },
    account: { metaPixelId: row.accountMetaPixelId, tiktokPixelId: row.accountTiktokPixelId },
  };
}
