import type Router from '@koa/router';
import { resultEmailUnsubscribeTexts } from '@quizlead/shared/resultEmail.ts';
import { resultEmailOptOutRecorder } from '../../commands/resultEmailOptOutRecorder.ts';
import type { AppState, Services } from '../../context.ts';
import { resultEmailUnsubscribePath, verifyResultEmailUnsubscribeToken } from '../../integrations/mail/resultEmailUnsubscribe.ts';
import { visitorTranslator } from '../../lib/visitorLanguage.ts';
import { oneClickUnsubscribeRoutes } from './oneClickUnsubscribe.ts';

/**
 * The unsubscribe link of every result email to a respondent (issue 35): its token names the account and
 * the address, which that account never sends a result email again. The page speaks the mail's language
 * (`?lang=`, beside the token).
 */
export const resultEmailUnsubscribeRoutes = (services: Services): Router<AppState> =>
  oneClickUnsubscribeRoutes({
    path: resultEmailUnsubscribePath,
    verify: (token) => verifyResultEmailUnsubscribeToken(services.env.SESSION_SECRET, token),
    addressOf: (claims) => claims.email.toLowerCase(),
    record: (claims) => resultEmailOptOutRecorder({ db: services.database.db, ...claims }),
    texts: async (language) => resultEmailUnsubscribeTexts((await visitorTranslator(language)).t),
  });
