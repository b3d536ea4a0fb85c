import { deliveryMessages } from '@quizlead/shared/schemas/deliveries.ts';
import type { RenderedResultEmail } from '@quizlead/shared/resultEmail.ts';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { resultEmailOptedOut } from '../../db/queries/resultEmailOptOuts.ts';
import { unsubscribeHeaders } from '../mail/leadNotification.ts';
import type { AttemptOutcome, DestinationDeps, DestinationHandler, DestinationRow } from './destination.ts';
import { mailRequest } from './emailDestination.ts';

/**
 * The result email to a respondent (issue 35) as a destination: one row per account, made by the first
 * play that asks for one; a delivery only for a lead that asked (consent or "Email me my result", with the
 * quiz's switch on: commands/eventRecorder.ts). Each attempt has the mail made again by the composer it is
 * given (commands/resultEmailComposer.ts), so a replay sends what the respondent got; an address that
 * unsubscribed since gets nothing and the delivery says why. From the product's sender under the owner's
 * name, Reply-To the owner.
 */

/** A result email, made. */
export interface ResultEmail {
  to: string;
  rendered: RenderedResultEmail;
  fromName: string;
  replyTo: string | undefined;
  unsubscribeUrl: string;
}

/** Makes a delivery's result email, or says why there is none (a failure that cannot succeed). */
export type ResultEmailComposer = (
  destination: Pick<DestinationRow, 'accountId'>,
  event: TDomainEvent,
  deps: Pick<DestinationDeps, 'db' | 'appUrl' | 'sessionSecret' | 'services'>,
) => Promise<ResultEmail | { refused: string }>;

export const resultEmailDestination = (resultEmailOf: ResultEmailComposer): DestinationHandler => ({
  async attempt({ destination, event, lead }, deps): Promise<AttemptOutcome> {
    if (await resultEmailOptedOut(deps.db, destination.accountId, lead.email)) {
      return { ok: false, retryable: false, message: deliveryMessages.respondentUnsubscribed, exchange: [] };
    }
    const mail = await resultEmailOf(destination, event, deps);
    if ('refused' in mail) return { ok: false, retryable: false, message: mail.refused, exchange: [] };
    // The log keeps the subject and the address, not the body: it holds the respondent's result.
    const request = mailRequest(mail.to, mail.rendered.subject, 'The result email (its body is not kept in the log).');
    try {
      await deps.mailer.send({
        to: mail.to,
        subject: mail.rendered.subject,
        text: mail.rendered.text,
        html: mail.rendered.html,
        fromName: mail.fromName,
        replyTo: mail.replyTo,
        headers: unsubscribeHeaders({ unsubscribeUrl: mail.unsubscribeUrl }),
      });
    } catch (error) {
      return {
        ok: false,
        retryable: true,
        message: `The mail to ${mail.to} could not be sent: ${(error as Error).message}`,
        exchange: [{ request }],
      };
    }
    return { ok: true, exchange: [{ request, response: { status: 250, headers: {}, body: 'accepted' } }] };
  },
});
