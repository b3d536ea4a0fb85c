import { shopNotificationEmailMessages } from '@quizlead/shared/schemas/shopNotificationEmail.ts';

/** Account → Notification email, inside Shopify's admin: its words (the refusal is the server's, shared). */
export const notificationEmailTexts = {
  ...shopNotificationEmailMessages,
  saved: 'Notification email saved.',
  label: 'Notification email',
  /** Under the field: where mail goes when it is left empty. */
  help: (shopEmail: string | null) =>
    shopEmail
      ? `Lead notifications, customer data requests and other mail from the app go here. Leave it empty to use your store’s email, ${shopEmail}.`
      : 'Lead notifications, customer data requests and other mail from the app go here.',
} as const;
