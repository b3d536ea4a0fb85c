import { eq } from 'drizzle-orm';
import type { TAdPixelDefaults } from '@quizlead/shared/schemas/integrations.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';

/**
 * Saves the account's default Meta Pixel and TikTok Pixel ids (issue 35). Published quizzes carry the ids
 * they load, so the caller drops the account's cached quizzes once this commits.
 */
export async function adPixelDefaultsSaver(db: Db, accountId: string, ids: TAdPixelDefaults): Promise<TAdPixelDefaults> {
  const [saved] = await db
    .update(accounts)
    .set({ metaPixelId: ids.metaPixelId, tiktokPixelId: ids.tiktokPixelId, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning({ metaPixelId: accounts.metaPixelId, tiktokPixelId: accounts.tiktokPixelId });
  return saved!;
}
