import { eq } from 'drizzle-orm';
import type { TAdPixelDefaults } from '@quizlead/shared/schemas/integrations.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';
import type { CommitHooks } from './commitHooks.ts';

/**
 * Saves the account's default Meta Pixel and TikTok Pixel ids (issue 35). Published quizzes carry the ids
 * they load, so the account's cached quizzes are dropped once this commits.
 */
export async function adPixelDefaultsSaver(
  deps: { db: Db } & Pick<CommitHooks, 'changed'>,
  input: { accountId: string; ids: TAdPixelDefaults },
): Promise<TAdPixelDefaults> {
  const [saved] = await deps.db
    .update(accounts)
    .set({ metaPixelId: input.ids.metaPixelId, tiktokPixelId: input.ids.tiktokPixelId, updatedAt: new Date() })
    .where(eq(accounts.id, input.accountId))
    .returning({ metaPixelId: accounts.metaPixelId, tiktokPixelId: accounts.tiktokPixelId });
  deps.changed({ accountId: input.accountId });
  return saved!;
}
