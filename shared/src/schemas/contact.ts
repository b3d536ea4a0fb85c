import { z } from 'zod';

/**
 * Contact Us (spec: builder-widgets-shell.md §2.8, §5, §7 contactus/send, §8): one message to the
 * product's support address, and the texts the screen shows.
 */
export const contactLimits = {
  messageLength: 5000,
  /** Messages one account may send per hour. */
  perHour: 5,
} as const;

export const contactMessages = {
  messageRequired: 'Message cannot be empty.',
  messageTooLong: `Message cannot be longer than ${contactLimits.messageLength} characters.`,
  sent: 'Message Sent Successfully!!!',
  sendErrorTitle: 'Message Sent Error',
} as const;

export const ZContactRequest = z.object({
  message: z
    .string({ error: contactMessages.messageRequired })
    .trim()
    .min(1, contactMessages.messageRequired)
    .max(contactLimits.messageLength, contactMessages.messageTooLong),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const ZContactResponse = z.object({ data: z.object({ id: z.uuid(), message: z.string() }) });

/** Where owners can write to, shown in the help menu and on the Contact Us page. */
export const ZSupportResponse = z.object({ data: z.object({ email: z.string() }) });
