import { z } from 'zod';
import { ZStoredEmail } from '@quizlead/shared/schemas/storedEmail.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { defineTask } from '../task.ts';

/** A mail as MailMessage has it, attachments aside (they are not put in a queue). */
export const ZSendEmailPayload = z.object({
  to: ZStoredEmail,
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
  replyTo: ZStoredEmail.optional(),
  headers: z.record(z.string(), z.string()).optional(),
  automatic: z.boolean().optional(),
});

export const sendEmailTask = defineTask({
  name: 'email.send',
  payload: ZSendEmailPayload,
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  // One at a time (an SMTP relay's pace), but no poll between mails while a backlog lasts.
  batchSize: 5,
  handler: async (payload, deps: { mailer: Mailer }) => deps.mailer.send(payload),
});
