import { createTransport } from 'nodemailer';
import type { Logger } from '../../logger.ts';
import { DevMailbox } from './devMailbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Extra headers, e.g. List-Unsubscribe on notification emails. */
  headers?: Record<string, string> | undefined;
  /** Files sent with it (an invoice PDF). */
  attachments?: MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when `smtpUrl` is set; otherwise the dev mailbox under the data directory. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  mailboxDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const mailbox = new DevMailbox(options.mailboxDir);
  return {
    async send(message) {
      const { attachments, ...rest } = message;
      const stored = await mailbox.store({
        from: options.from,
        ...rest,
        ...(attachments
          ? {
              attachments: attachments.map(({ filename, contentType, content }) => ({
                filename,
                contentType,
                size: content.length,
              })),
            }
          : {}),
      });
      options.logger.info({ mail: { to: stored.to, subject: stored.subject } }, `dev mailbox: ${stored.subject}\n${stored.text}`);
    },
    close: () => undefined,
  };
}
