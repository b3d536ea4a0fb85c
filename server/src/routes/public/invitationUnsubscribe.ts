import type Router from '@koa/router';
import { invitationOptOutMessages } from '@quizlead/shared/invitationOptOut.ts';
import { invitationOptOutRecorder } from '../../commands/invitationOptOutRecorder.ts';
import type { AppState, Services } from '../../context.ts';
import { invitationUnsubscribePath, verifyInvitationUnsubscribeToken } from '../../integrations/mail/invitationUnsubscribe.ts';
import { oneClickUnsubscribeRoutes } from './oneClickUnsubscribe.ts';

/**
 * The unsubscribe link of every friend invitation (integrations/mail/invitationUnsubscribe.ts), whose
 * token names the invited address: once it is used, no account can invite that address again.
 */
export const invitationUnsubscribeRoutes = (services: Services): Router<AppState> =>
  oneClickUnsubscribeRoutes({
    path: invitationUnsubscribePath,
    verify: (token) => verifyInvitationUnsubscribeToken(services.env.SESSION_SECRET, token),
    addressOf: (email) => email,
    record: (email) => invitationOptOutRecorder({ db: services.database.db, email }),
    texts: invitationOptOutMessages,
  });
