import { z } from 'zod';
import { ZStoredEmail } from '@quizlead/shared/schemas/storedEmail.ts';
import type { TokenMailDeps } from '../../commands/authTokens.ts';
import { passwordResetSender } from '../../commands/passwordResetSender.ts';
import { signupTokenSender } from '../../commands/signupTokenSender.ts';
import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { defineTask } from '../task.ts';
import { ZSendEmailPayload } from './SendEmailTask.ts';

type Deps = { db: Db; mailer: Mailer; servicesReady: Promise<Services> };

/**
 * Auth mail has queues of its own, so no backlog of other mail (lead notifications, invoices) is ever
 * ahead of it, and takes them in batches sent at once: a burst of sign-ups or resets does not queue
 * each mail behind the last. Mails to one address keep their order (a later code supersedes).
 */
const authMailWork = {
  batchSize: 10,
  concurrentBy: (payload: { email: string } | { to: string }) => ('email' in payload ? payload.email : payload.to).toLowerCase(),
};

/** The token mail commands' dependencies: the task's own, with the session secret and the app's URL. */
async function tokenMailDeps(deps: Deps): Promise<TokenMailDeps> {
  const { env } = await deps.servicesReady;
  return { db: deps.db, mailer: deps.mailer, secret: env.SESSION_SECRET, appUrl: env.APP_URL };
}

/**
 * Sign-up codes and reset links are looked up, issued and mailed here rather than in the request,
 * so the request does the same work whether or not the address has an account: its timing tells
 * nobody who is registered.
 */
export const sendSignupTokenTask = defineTask({
  name: 'auth.signup-token',
  payload: z.object({ email: ZStoredEmail }),
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  ...authMailWork,
  handler: async ({ email }, deps: Deps) => signupTokenSender(await tokenMailDeps(deps), { email }),
});

export const sendPasswordResetTask = defineTask({
  name: 'auth.password-reset',
  payload: z.object({ email: ZStoredEmail }),
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  ...authMailWork,
  handler: async ({ email }, deps: Deps) => passwordResetSender(await tokenMailDeps(deps), { email }),
});

/** A mail written in the request that someone waits for to get in: a team invitation. */
export const sendAuthEmailTask = defineTask({
  name: 'auth.email',
  payload: ZSendEmailPayload,
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  ...authMailWork,
  handler: async (payload, deps: Pick<Deps, 'mailer'>) => deps.mailer.send(payload),
});
