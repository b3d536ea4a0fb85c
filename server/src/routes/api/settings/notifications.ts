import {
  coupleNotificationSwitches,
  integrationMessages,
  ZNotificationSettingResponse,
  ZNotificationSettingsRequest,
} from '@quizlead/shared/schemas/integrations.ts';
import { ZRecipientList } from '@quizlead/shared/schemas/notifications.ts';
import { ownerEmail } from '../../../db/queries/owner.ts';
import { ValidationError } from '../../../errors.ts';
import { emailSettingsOf, type TEmailDestinationSettings } from '../../../integrations/destinations/emailDestination.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { singleDestinationSaver } from '../../../commands/singleDestinationSaver.ts';
import { findSingleDestination, lockAccount } from '../../../db/queries/destinations.ts';
import { presentNotifications } from '../../../presenters/settings.ts';

/**
 * Settings → Email Notification (spec: account-player-management.md §3 Email notification setting, §4):
 * the main switch (the 'email' destination's `enabled`), the additional recipients and their flag,
 * and immediate mails or an hourly digest.
 */
export function notificationSettingsRoutes(api: ApiRouter): void {
  api.route({
    method: 'put',
    path: '/settings/notifications',
    summary: 'Save the lead notification emails: main switch, additional recipients (comma-separated) and mode',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    body: ZNotificationSettingsRequest,
    transaction: true,
    responses: { 200: ZNotificationSettingResponse, 400: 'recipients, naming the address at fault' },
    handler: async ({ ctx, db, auth, body }) => {
      await lockAccount(db, auth.accountId);
      const saved = await findSingleDestination(db, auth.accountId, 'email');
      const before = emailSettingsOf(saved ?? { settings: {} });
      const parsed = ZRecipientList.safeParse(body.recipients);
      // The list is hidden while its flag is off: something half-typed there keeps the saved list.
      if (!parsed.success && body.additionalEnabled) throw ValidationError(parsed.error.issues[0]!.message, 'recipients');
      const additional = parsed.success ? parsed.data : before.additional;
      if (body.additionalEnabled && additional.length === 0) {
        throw ValidationError(integrationMessages.recipientsRequired, 'recipients');
      }
      const owner = (await ownerEmail(db, auth.accountId)) ?? '';
      const switches = coupleNotificationSwitches(
        { enabled: saved?.enabled ?? false, additionalEnabled: before.additionalEnabled },
        { enabled: body.enabled, additionalEnabled: body.additionalEnabled },
      );
      const settings: TEmailDestinationSettings = {
        additionalEnabled: switches.additionalEnabled,
        additional,
        mode: body.mode,
        unsubscribed: stillUnsubscribed(before, additional, {
          owner,
          ownerWantsThem: switches.enabled,
          resubscribe: body.resubscribe,
        }),
      };
      const row = await singleDestinationSaver(
        { db },
        { accountId: auth.accountId, kind: 'email', existing: saved, values: { enabled: switches.enabled, settings } },
      );
      ctx.body = { data: presentNotifications(row, owner) };
    },
  });
}

/**
 * Who stays unsubscribed: an address the owner adds again (it was not in the saved list) gets the
 * mails again, so does one the owner names in `resubscribe`, and so does the owner's own address when
 * they save with "Email me" on (they are the one asking). Saving for any other reason keeps every
 * colleague who used an unsubscribe link off.
 */
function stillUnsubscribed(
  before: TEmailDestinationSettings,
  additional: readonly string[],
  { owner, ownerWantsThem, resubscribe }: { owner: string; ownerWantsThem: boolean; resubscribe: readonly string[] },
): string[] {
  const listed = new Set(before.additional.map((email) => email.toLowerCase()));
  const back = new Set(additional.map((email) => email.toLowerCase()).filter((email) => !listed.has(email)));
  for (const email of resubscribe) back.add(email.toLowerCase());
  if (ownerWantsThem && owner) back.add(owner.toLowerCase());
  return before.unsubscribed.filter((email) => !back.has(email.toLowerCase()));
}
