import { z } from 'zod';
import { domainEventTypes, leadTools, type TLeadTool } from './events.ts';
import { counted, pluralNoun } from '../plural.ts';

/**
 * The leads pipeline as the owner sees it: destinations (where leads go) and deliveries (one event on
 * its way to one destination), with the delivery log's filters and texts. One list each, used by the
 * database checks, the server's schemas and the admin's screens.
 */

/** Where an account's leads can go. */
export const destinationKinds = ['crm', 'webhook', 'email', 'shopify_customers', 'shopify_flow', 'result_email'] as const;
export type TDestinationKind = (typeof destinationKinds)[number];

export const destinationKindLabels: Record<TDestinationKind, string> = {
  crm: 'CRM',
  webhook: 'Webhook',
  email: 'Notification email',
  shopify_customers: 'Shopify customers',
  shopify_flow: 'Shopify Flow',
  result_email: 'Result email to respondents',
};

/**
 * pending: waiting for its (next) attempt; delivering: an attempt is under way; delivered: done;
 * failed: the last attempt failed and another is scheduled; dead: it will not be tried again
 * (an answer that cannot succeed, every attempt used, or the destination switched off) until replayed.
 */
export const deliveryStatuses = ['pending', 'delivering', 'delivered', 'failed', 'dead'] as const;
export type TDeliveryStatus = (typeof deliveryStatuses)[number];

export const deliveryStatusLabels: Record<TDeliveryStatus, string> = {
  pending: 'Pending',
  delivering: 'Delivering',
  delivered: 'Delivered',
  failed: 'Failed, will retry',
  dead: 'Failed',
};

/**
 * The wait before each attempt, counted from the end of the one before: the first at once, then gaps
 * of 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (Standard Webhooks' example schedule:
 * 10 attempts, about 3 days in all), each gap up to 20% longer (jitter). A Retry-After (429 or 5xx)
 * makes a gap longer, never shorter.
 */
export const deliveryRetryDelaysSeconds = [0, 5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400] as const;

const spokenGap = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

/**
 * The schedule in words, as README.md, docs/webhooks.md and docs/architecture.md say it (a test holds
 * them to it): "the first attempt at once, then retries after gaps of 5 s, 5 min, … and 24 h (10
 * attempts, about 3 days in all)".
 */
export function describeRetrySchedule(schedule: readonly number[] = deliveryRetryDelaysSeconds): string {
  const gaps = schedule.slice(1).map(spokenGap);
  const listed = gaps.length > 1 ? `${gaps.slice(0, -1).join(', ')} and ${gaps.at(-1)}` : (gaps[0] ?? '');
  const days = Math.round(schedule.reduce((total, seconds) => total + seconds, 0) / 86_400);
  return `the first attempt at once, then retries after gaps of ${listed} (${schedule.length} attempts, about ${days} days in all)`;
}

export const deliveryLimits = {
  /** A destination failing for this long with no success is switched off and its owner emailed. */
  disableAfterFailingMs: 5 * 24 * 60 * 60 * 1000,
  pageSize: 25,
  /** Replay all failed deliveries at most this many at a time. */
  replayBatch: 500,
  /** Attempts one server process makes at once. */
  concurrentAttempts: 32,
  /** Attempts of one account's deliveries one server process makes at once (its share of the slots). */
  concurrentPerAccount: 16,
  /** Attempts in flight to one destination at once, across every process. */
  concurrentPerDestination: 8,
  /** Retries in flight to one destination at once: a failing endpoint's retries hold at most this many. */
  concurrentRetriesPerDestination: 2,
} as const;

export const deliveryMessages = {
  replayed: 'The delivery is queued again.',
  replayedAll: (count: number) =>
    `${counted(count, 'failed delivery', 'failed deliveries')} ${pluralNoun(count, 'is', 'are')} queued again.`,
  nothingToReplay: 'There are no failed deliveries to replay.',
  notReplayable: 'Only a failed delivery can be replayed.',
  destinationGone: 'This destination has been removed.',
  destinationOff: 'This destination is switched off.',
  gaveUp: (attempts: number) => `Gave up after ${counted(attempts, 'attempt')}.`,
  disabledAfterFailing: 'Switched off after 5 days of failed deliveries. Fix the settings and save them to switch it on again.',
  respondentUnsubscribed: 'Not sent: the respondent unsubscribed from your result emails.',
  endpointGone: 'Switched off: the endpoint answered 410 Gone.',
  loadError: 'The delivery log could not be loaded.',
  empty: 'No deliveries yet. When a visitor leaves their email, each of your destinations gets it and it shows here.',
} as const;

export const ZDeliveryListQuery = z.object({
  status: z.enum(deliveryStatuses).optional(),
  destinationId: z.uuid().optional(),
  tool: z.enum(leadTools).optional(),
  /** Keyset cursor: the last row's id of the previous page. */
  before: z.uuid().optional(),
});
export type TDeliveryListQuery = z.infer<typeof ZDeliveryListQuery>;

export const ZDestinationSummary = z.object({
  id: z.string(),
  kind: z.enum(destinationKinds),
  /** e.g. 'Brevo (formerly Sendinblue)', the endpoint's URL, 'Notification email'. */
  name: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
});
export type TDestinationSummary = z.infer<typeof ZDestinationSummary>;

export const ZDeliveryRow = z.object({
  id: z.string(),
  destination: ZDestinationSummary,
  eventType: z.enum(domainEventTypes),
  tool: z.enum(leadTools),
  itemTitle: z.string(),
  email: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TDeliveryRow = z.infer<typeof ZDeliveryRow>;

const ZExchangeView = z.object({
  request: z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }),
  response: z.object({ status: z.number().int(), headers: z.record(z.string(), z.string()), body: z.string() }).optional(),
});

export const ZDeliveryAttempt = z.object({
  number: z.number().int(),
  ok: z.boolean(),
  error: z.string().nullable(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  exchange: z.array(ZExchangeView),
});
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttempt>;

export const ZDeliveryListResponse = z.object({
  data: z.object({
    items: z.array(ZDeliveryRow),
    /** Pass as `before` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    destinations: z.array(ZDestinationSummary),
    failedCount: z.number().int(),
  }),
});

export const ZDeliveryResponse = z.object({
  data: ZDeliveryRow.extend({ attemptsLog: z.array(ZDeliveryAttempt) }),
});
export type TDeliveryDetail = z.infer<typeof ZDeliveryResponse>['data'];

/** Replay every failed delivery, or only those of one destination. */
export const ZDeliveryReplayAllRequest = z.object({ destinationId: z.uuid().optional() });
export type TDeliveryReplayAllRequest = z.infer<typeof ZDeliveryReplayAllRequest>;

export const ZDeliveryReplayResponse = z.object({ data: z.object({ delivery: ZDeliveryRow, message: z.string() }) });

export const ZDeliveryReplayAllResponse = z.object({ data: z.object({ count: z.number().int(), message: z.string() }) });

/** The tools as the delivery log names them (the notification email's words). */
export const deliveryToolLabels: Record<TLeadTool, string> = {
  quiz: 'Quiz',
  poll: 'Poll',
  feedback: 'Web Response',
  wheel: 'Wheel Spin',
};
