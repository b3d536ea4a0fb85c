import type { TShopNotificationEmail } from '@quizlead/shared/schemas/shopNotificationEmail.ts';

/** Where a shop's mail goes (`email`, from ownerEmail), Shopify's address for the store, and the merchant's own choice. */
export const presentShopNotificationEmail = (
  shop: { shopEmail: string | null; notificationEmail: string | null },
  email: string,
): TShopNotificationEmail => ({
  email,
  shopEmail: shop.shopEmail || null,
  custom: shop.notificationEmail ?? '',
});
