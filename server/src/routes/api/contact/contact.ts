import {
  contactMessages as texts,
  ZContactRequest,
  ZContactResponse,
  ZSupportResponse,
} from '@quizlead/shared/schemas/contact.ts';
import { findOwner } from '../../../db/queries/owner.ts';
import { contactMessages } from '../../../db/schema/index.ts';
import { contactMail } from '../../../integrations/mail/templates.ts';
import { sendEmailTask } from '../../../jobs/tasks/SendEmailTask.ts';
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
      const { user, account } = await findOwner(db, auth);
      const [stored] = await db
        .insert(contactMessages)
        .values({ accountId: auth.accountId, userId: user.id, email: user.email, message: body.message })
        .returning({ id: contactMessages.id });
      const mail = contactMail({ email: user.email, name: user.fullName, company: account.companyName }, body.message);
      await services.queue.enqueue(db, sendEmailTask, { to: services.env.SUPPORT_EMAIL, ...mail });
      ctx.status = 201;
      ctx.body = { data: { id: stored!.id, message: texts.sent } };
    },
  });
}
