import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatDay } from '@quizlead/shared/billing.ts';
import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { renewedUntil } from '../../db/queries/billing.ts';
import { ownerEmail } from '../../db/queries/owner.ts';
import { paidPeriods, plans } from '../../db/schema/index.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { planEndingMail } from '../../integrations/mail/templates.ts';
import { accountAdminLink } from '../../lib/adminLinks.ts';
import { defineTask } from '../task.ts';

/**
 * Emails the owner 7 days and 1 day before a paid period ends, unless by then the period was cut
 * short (refunded, replaced by an upgrade) or a renewal already follows it.
 */
export const planEndingReminderTask = defineTask({
  name: 'billing.plan-ending',
  payload: z.object({ periodId: z.uuid(), days: z.number().int().min(1) }),
  retry: { limit: 8, delaySeconds: 60, backoff: true },
  handler: async (payload, deps: { db: Db; mailer: Mailer; servicesReady: Promise<Services> }) => {
    const [row] = await deps.db
      .select({ period: paidPeriods, planName: plans.name })
      .from(paidPeriods)
      .innerJoin(plans, eq(plans.id, paidPeriods.planId))
      .where(eq(paidPeriods.id, payload.periodId))
      .limit(1);
    if (!row || row.period.endedAt || row.period.endsAt <= new Date()) return;
    if (await renewedUntil(deps.db, row.period.accountId, row.period.endsAt)) return;
    const to = await ownerEmail(deps.db, row.period.accountId);
    if (!to) return;
    const { env } = await deps.servicesReady;
    const adminLink = await accountAdminLink(deps.db, env, row.period.accountId);
    const mail = planEndingMail(adminLink('Plans'), {
      planName: row.planName,
      endsOn: formatDay(row.period.endsAt),
      days: payload.days,
    });
    await deps.mailer.send({ to, ...mail });
  },
});
