import {
  ZMessageResponse,
  ZSessionResponse,
  ZSignupPasswordCheckRequest,
  ZSignupPasswordCheckResponse,
  ZSignupRequest,
  ZSignupTokenRequest,
} from '@quizlead/shared/schemas/auth.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { accountCreator } from '../../../commands/accountCreator.ts';
import { sessionCreator } from '../../../commands/sessionCreator.ts';
import { assertPasswordAllowed } from '../../../lib/passwordPolicy.ts';
import { presentSessionUser } from '../../../presenters/user.ts';
import { sendSignupTokenTask } from '../../../jobs/tasks/SendAuthMailTask.ts';
import type { ApiRouter } from '../../apiRouter.ts';

export function signupRoutes(api: ApiRouter): void {
  const { limiters } = api.services;

  api.route({
    method: 'post',
    path: '/signup/token',
    summary: 'Email a sign-up verification token (step 1 of the wizard)',
    tags: ['auth'],
    access: 'public',
    body: ZSignupTokenRequest,
    rateLimit: [
      { limiter: limiters.signupTokenByIp, by: 'ip' },
      { limiter: limiters.signupTokenByEmail, by: (body) => body.email },
    ],
    transaction: true,
    responses: { 200: ZMessageResponse },
    handler: async ({ ctx, db, body, services }) => {
      await services.queue.enqueue(db, sendSignupTokenTask, { email: body.email });
      ctx.body = { data: { message: messages.auth.tokenSent } };
    },
  });

  api.route({
    method: 'post',
    path: '/signup/password-check',
    summary: "Check step 1's password against the server's rules (common passwords, the email's name) before the token is mailed",
    tags: ['auth'],
    access: 'public',
    body: ZSignupPasswordCheckRequest,
    rateLimit: [{ limiter: limiters.signupPasswordCheckByIp, by: 'ip' }],
    responses: {
      200: ZSignupPasswordCheckResponse,
      400: 'The password may not be used (message names the reason, field `password`)',
    },
    handler: async ({ ctx, body }) => {
      assertPasswordAllowed(body.password, { email: body.email });
      ctx.body = { data: { allowed: true } };
    },
  });

  api.route({
    method: 'post',
    path: '/signup',
    summary: 'Create the account with the emailed token and sign in',
    tags: ['auth'],
    access: 'public',
    body: ZSignupRequest,
    rateLimit: [
      { limiter: limiters.signupByIp, by: 'ip' },
      { limiter: limiters.signupByEmail, by: (body) => body.email },
    ],
    responses: { 201: ZSessionResponse },
    handler: async ({ ctx, db, body, services }) => {
      assertPasswordAllowed(body.password, { email: body.email });
      const { user, account } = await accountCreator({ database: db, services, input: body });
      const csrfToken = await sessionCreator({ db, ctx, userId: user.id, accountId: account.id });
      ctx.status = 201;
      ctx.body = { data: { user: presentSessionUser(user, account, { role: 'owner', platformAdmin: false }), csrfToken } };
    },
  });
}
