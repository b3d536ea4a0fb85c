import { sql } from 'drizzle-orm';
import { ZForgotPasswordRequest, ZMessageResponse, ZResetPasswordRequest } from '@quizlead/shared/schemas/auth.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { tokenIssuer } from '../../../commands/authTokens.ts';
import { passwordResetter } from '../../../commands/passwordResetter.ts';
import { users } from '../../../db/schema/index.ts';
import { passwordResetMail } from '../../../integrations/mail/templates.ts';
import { sendEmailTask } from '../../../jobs/tasks/SendEmailTask.ts';
import { randomToken } from '../../../lib/crypto.ts';
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
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`)
        .limit(1);
      if (user?.usertype === 'email') {
        const token = randomToken();
        await tokenIssuer({
          db,
          secret: services.env.SESSION_SECRET,
          purpose: 'password_reset',
          email: user.email,
          userId: user.id,
          token,
          ttlMinutes: limits.resetTokenMinutes,
        });
        const link = `${services.env.APP_URL}/ResetPassword?token=${encodeURIComponent(token)}`;
        await services.queue.enqueue(db, sendEmailTask, { to: user.email, ...passwordResetMail(user.fullName, link) });
      }
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
