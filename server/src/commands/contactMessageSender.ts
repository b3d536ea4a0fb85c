import type { Db } from '../db/client.ts';
import { findOwner } from '../db/queries/owner.ts';
import { contactMessages } from '../db/schema/index.ts';
import { contactMail } from '../integrations/mail/templates.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { sendEmailTask } from '../jobs/tasks/SendEmailTask.ts';

/**
 * Contact Us: stores the user's message and queues its mail to support (sent by a job once this commits),
 * with the sender's address, name and company. Returns the stored message's id.
 */
export async function contactMessageSender(
  deps: { db: Db; queue: JobQueue; /** Where the mail goes. */ supportEmail: string },
  input: { accountId: string; userId: string; message: string },
): Promise<{ id: string }> {
  const { db } = deps;
  const { user, account } = await findOwner(db, input);
  const [stored] = await db
    .insert(contactMessages)
    .values({ accountId: input.accountId, userId: user.id, email: user.email, message: input.message })
    .returning({ id: contactMessages.id });
  const mail = contactMail({ email: user.email, name: user.fullName, company: account.companyName }, input.message);
  await deps.queue.enqueue(db, sendEmailTask, { to: deps.supportEmail, ...mail });
  return stored!;
}
