/**
 * What a plan includes, in the owner's words, from what the app grants by mode (free or paid) and the limits
 * every account shares (shared/src/schemas/…). The only difference a plan makes today is the quizzes' footer:
 * the free plan shows the 'Powered By' branding, a paid one the owner's own message (spec: account-player-
 * management.md §3). The server sends them with a shop's plan (GET /shopify/plan) for its Plan page.
 */
import { crmProviderForms, integrationLimits } from './schemas/integrations.ts';
import { notificationLimits } from './schemas/notifications.ts';

export type PlanMode = 'free' | 'paid';

export function planFeatures(mode: PlanMode): string[] {
  return [
    mode === 'paid'
      ? 'Your own footer message on every quiz, poll and wheel, without the ‘Powered By’ branding'
      : 'The ‘Powered By Quizlead’ footer on your quizzes (a paid plan replaces it with your own message)',
    'Quizzes of every type, polls, web responses and spin-to-win wheels, as many as you like',
    `Leads sent to your CRM (${crmProviderForms.length} to choose from) and to up to ${integrationLimits.webhooks} webhook endpoints`,
    `Lead notification emails to you and up to ${notificationLimits.recipients} more addresses, at once or hourly`,
    'Reports, answer sheets and exports of every lead',
  ];
}
