import { z } from 'zod';
import { limits } from '../validations.ts';

/**
 * A shop's notification email: where the app's mail to the merchant goes (Account inside Shopify's admin).
 * A module of its own, loaded with the Account page only.
 */

// GET and PUT /api/v1/shopify/notification-email

export const shopNotificationEmailMessages = {
  invalid: 'Enter the email address for notifications, like you@example.com.',
} as const;

export const ZShopNotificationEmail = z.object({
  /** Where mail to the merchant goes now. */
  email: z.string(),
  /** The store's own address from Shopify (shop.email, else shop.contactEmail); null until it is read. */
  shopEmail: z.string().nullable(),
  /** The address the merchant typed, or '' when mail goes to the store's address. */
  custom: z.string(),
});
export type TShopNotificationEmail = z.infer<typeof ZShopNotificationEmail>;
export const ZShopNotificationEmailResponse = z.object({ data: ZShopNotificationEmail });

/** An address, or '' to send to the store's own address again. */
export const ZShopNotificationEmailRequest = z.object({
  email: z
    .string({ error: shopNotificationEmailMessages.invalid })
    .trim()
    .max(limits.email, shopNotificationEmailMessages.invalid)
    .refine((value) => value === '' || z.email().safeParse(value).success, shopNotificationEmailMessages.invalid),
});
export type TShopNotificationEmailRequest = z.input<typeof ZShopNotificationEmailRequest>;
