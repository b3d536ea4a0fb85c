import {
  contactMessages as texts,
  ZContactRequest,
  ZContactResponse,
  ZSupportResponse,
} from '@quizlead/shared/schemas/contact.ts';
import { contactMessageSender } from '../../../commands/contactMessageSender.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** Contact Us (spec §2.8, §7 contactus/send): the message is stored, and emailed to SUPPORT_EMAIL by a job. */
export function contactRoutes(api: ApiRouter): void {
  const { limiters } = api.services;

  api.route({
    method: 'get',
    path: '/support',
    summary: 'The support address, for the help menu and the Contact Us page',
    tags: ['contact'],
    access: 'owner',
    can: 'support.contact',
    responses: { 200: ZSupportResponse },
    handler: async ({ ctx, services }) => {
      ctx.body = { data: { email: services.env.SUPPORT_EMAIL } };
    },
  });

  api.route({
    method: 'post',
    path: '/contact-messages',
    summary: "Contact Us: stores the owner's message and emails it to support (5 an hour per account)",
    tags: ['contact'],
    access: 'owner',
    can: 'support.contact',
    body: ZContactRequest,
    transaction: true,
    rateLimit: [{ limiter: limiters.contactByAccount, by: (_body, ctx) => ctx.state.auth?.accountId ?? ctx.ip }],
    responses: { 201: ZContactResponse, 400: "'Message cannot be empty.'", 429: 'Too many messages' },
    handler: async ({ ctx, db, auth, body, services }) => {
      const { queue, env } = services;
      const message = { accountId: auth.accountId, userId: auth.userId, message: body.message };
      const stored = await contactMessageSender({ db, queue, supportEmail: env.SUPPORT_EMAIL }, message);
      ctx.status = 201;
      ctx.body = { data: { id: stored.id, message: texts.sent } };
    },
  });
}
