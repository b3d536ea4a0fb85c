import { z } from 'zod';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { defineTask } from '../task.ts';

export const ZSendEmailPayload = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
});

export const sendEmailTask = defineTask({
  name: 'email.send',
  payload: ZSendEmailPayload,
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  // One at a time (an SMTP relay's pace), but no poll between mails while a backlog lasts.
  batchSize: 5,
  handler: async (payload, deps: { mailer: Mailer }) => deps.mailer.send(payload),
});
