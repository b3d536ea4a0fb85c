import { z } from 'zod';
import { passwordResetSender } from '../../commands/passwordResetSender.ts';
import { signupTokenSender } from '../../commands/signupTokenSender.ts';
import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { defineTask } from '../task.ts';

type Deps = { db: Db; mailer: Mailer; servicesReady: Promise<Services> };

/**
 * Sign-up codes and reset links are looked up, issued and mailed here rather than in the request,
 * so the request does the same work whether or not the address has an account: its timing tells
 * nobody who is registered.
 */
export const sendSignupTokenTask = defineTask({
  name: 'auth.signup-token',
  payload: z.object({ email: z.email() }),
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  handler: async ({ email }, deps: Deps) => {
    const { env } = await deps.servicesReady;
    await signupTokenSender({ db: deps.db, mailer: deps.mailer, secret: env.SESSION_SECRET, appUrl: env.APP_URL, email });
  },
});

export const sendPasswordResetTask = defineTask({
  name: 'auth.password-reset',
  payload: z.object({ email: z.email() }),
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  handler: async ({ email }, deps: Deps) => {
    const { env } = await deps.servicesReady;
    await passwordResetSender({ db: deps.db, mailer: deps.mailer, secret: env.SESSION_SECRET, appUrl: env.APP_URL, email });
  },
});
