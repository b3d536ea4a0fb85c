import { createTransport } from 'nodemailer';
import { controlCharacters } from '@quizlead/shared/schemas/common.ts';
import type { Logger } from '../../logger.ts';
import { DevMailbox } from './devMailbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Where answers go when not to MAIL_FROM: Contact Us answers the owner who wrote it. */
  replyTo?: string | undefined;
  /**
   * The display name beside the product's sender address (MAIL_FROM's address is kept): a result email
   * to a respondent goes out under the owner's name.
   */
  fromName?: string | undefined;
  /** Extra headers, e.g. List-Unsubscribe on notification emails. */
  headers?: Record<string, string> | undefined;
  /**
   * Written by the product (codes, links, invitations, notifications, digests, reminders, invoices): it
   * carries `Auto-Submitted: auto-generated` (RFC 3834), so no vacation responder answers it. False only
   * for a person's own words relayed (a Contact Us message). True when left out.
   */
  automatic?: boolean | undefined;
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

const controlRun = new RegExp(`(?:${controlCharacters.source})+`, 'g');
const headerName = /^[A-Za-z0-9-]+$/;

/** A header's text on one line: control characters (line breaks first of all) become one space. */
export const headerText = (value: string): string => value.replace(controlRun, ' ').trim();

/** An address header: one with a control character is refused rather than mended (it was never checked). */
function headerAddress(value: string, header: string): string {
  if (controlCharacters.test(value)) throw new Error(`The ${header} address of a mail has a control character`);
  return value;
}

/**
 * The message as it leaves, in both transports. Every header value is one line, whatever its caller
 * put in it: names are refused with control characters where they are typed (shared ZSingleLine), and
 * this is the second line of defence against a header that ends early and starts another (Bcc: …).
 */
export function outgoingMail(message: MailMessage) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!headerName.test(name)) throw new Error(`Not a mail header name: ${JSON.stringify(name)}`);
    headers[name] = headerText(value);
  }
  if (message.automatic ?? true) headers['Auto-Submitted'] = 'auto-generated';
  return {
    to: headerAddress(message.to, 'To'),
    ...(message.replyTo ? { replyTo: headerAddress(message.replyTo, 'Reply-To') } : {}),
    subject: headerText(message.subject),
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    headers,
    ...(message.attachments ? { attachments: message.attachments } : {}),
  };
}

/** The sender: MAIL_FROM, or its address under the message's own display name (on one line, quoted by nodemailer). */
export function senderOf(from: string, fromName: string | undefined): string | { name: string; address: string } {
  const name = fromName ? headerText(fromName) : '';
  if (!name) return from;
  return { name, address: /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim() };
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
        await transport.sendMail({ from: senderOf(options.from, message.fromName), ...outgoingMail(message) });
      },
      close: () => transport.close(),
    };
  }
  const mailbox = new DevMailbox(options.mailboxDir);
  return {
    async send(message) {
      const { attachments, ...rest } = outgoingMail(message);
      const stored = await mailbox.store({
        from: ((sender) => (typeof sender === 'string' ? sender : `"${sender.name.replace(/["\\]/g, '')}" <${sender.address}>`))(
          senderOf(options.from, message.fromName),
        ),
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
