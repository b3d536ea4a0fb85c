import { ZForgotPasswordRequest, ZMessageResponse, ZResetPasswordRequest } from '@quizlead/shared/schemas/auth.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { passwordResetter } from '../../../commands/passwordResetter.ts';
import { sendPasswordResetTask } from '../../../jobs/tasks/SendAuthMailTask.ts';
import type { ApiRouter } from '../../apiRouter.ts';

export function passwordRoutes(api: ApiRouter): void {
  const { limiters } = api.services;

  api.route({
    method: 'post',
    path: '/password/forgot',
    summary: 'Email a single-use password reset link; the answer is the same whether or not the email is registered',
    tags: ['auth'],
    access: 'public',
    body: ZForgotPasswordRequest,
    rateLimit: [
      { limiter: limiters.forgotByIp, by: 'ip' },
      { limiter: limiters.forgotByEmail, by: (body) => body.email },
    ],
    transaction: true,
    responses: { 200: ZMessageResponse },
    handler: async ({ ctx, db, body, services }) => {
      await services.queue.enqueue(db, sendPasswordResetTask, { email: body.email });
      ctx.body = { data: { message: messages.auth.forgotNotice } };
    },
  });

  api.route({
    method: 'post',
    path: '/password/reset',
    summary: 'Set a new password with the token from a reset link',
    tags: ['auth'],
    access: 'public',
    body: ZResetPasswordRequest,
    rateLimit: [{ limiter: limiters.resetByIp, by: 'ip' }],
    responses: { 200: ZMessageResponse },
    handler: async ({ ctx, db, body, services }) => {
      await passwordResetter({ db, secret: services.env.SESSION_SECRET, token: body.token, password: body.password });
      ctx.body = { data: { message: messages.auth.resetDone } };
    },
  });
}
