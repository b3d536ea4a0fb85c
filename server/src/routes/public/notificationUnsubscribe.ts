import type Router from '@koa/router';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { notificationUnsubscriber } from '../../commands/notificationUnsubscriber.ts';
import type { AppState, Services } from '../../context.ts';
import { verifyUnsubscribeToken } from '../../integrations/mail/leadNotification.ts';
import { oneClickUnsubscribeRoutes } from './oneClickUnsubscribe.ts';

/**
 * The unsubscribe link of every lead notification email (integrations/mail/leadNotification.ts): its
 * token names the account and the recipient, who leaves the email destination's recipients.
 */
export const notificationUnsubscribeRoutes = (services: Services): Router<AppState> =>
  oneClickUnsubscribeRoutes({
    path: '/notifications/unsubscribe',
    verify: (token) => verifyUnsubscribeToken(services.env.SESSION_SECRET, token),
    addressOf: (claims) => claims.recipient.toLowerCase(),
    record: (claims) => notificationUnsubscriber({ db: services.database.db, ...claims }),
    texts: integrationMessages,
  });
