import type { z } from 'zod';
import type { ZPostPurchaseSettingsRequest } from '@quizlead/shared/schemas/postPurchase.ts';
import type { Db } from '../db/client.ts';
import { postPurchaseSurveys } from '../db/schema/index.ts';

/**
 * Saves the account's post-purchase survey (one per account): the item it asks, who is asked, the order
 * value range in minor units of the shop currency, once per customer, on or off. The caller has checked
 * that the item is the account's.
 */
export async function postPurchaseSurveySaver(props: {
  db: Db;
  accountId: string;
  settings: z.output<typeof ZPostPurchaseSettingsRequest>;
}) {
  const { db, accountId, settings } = props;
  const values = {
    itemKind: settings.itemKind,
    itemId: settings.itemId,
    audience: settings.audience,
    minOrderMinor: settings.minOrderMinor,
    maxOrderMinor: settings.maxOrderMinor,
    oncePerCustomer: settings.oncePerCustomer,
    enabled: settings.enabled,
  };
  const [saved] = await db
    .insert(postPurchaseSurveys)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: postPurchaseSurveys.accountId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return saved!;
}
