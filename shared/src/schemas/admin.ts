import { z } from 'zod';
import { adminLimits, adminMessages, auditActions, auditTargetTypes } from '../admin.ts';
import { billingPeriods } from '../billing.ts';
import { accountRoles } from '../permissions.ts';
import { quizTypes } from '../quizzes.ts';
import { ZPlanId } from './billing.ts';
import { ZId } from './common.ts';
import { ZDeliveryRow } from './deliveries.ts';
import { ZPage, ZPageQuery } from './lists.ts';

/**
 * The platform administrators' API under /api/v1/admin (server/src/routes/api/admin/): accounts and
 * users, plan grants, the template catalogue, deliveries across accounts, contact messages and the
 * audit log. Plans and discount codes are in ./billing.ts (ZAdminPlan, ZAdminDiscountCode). Every
 * list pages the same way: `?page=` (from 1), answered as { items, total, page, pageSize }.
 * Timestamps are ISO 8601 strings. To anyone but a platform administrator every route answers 404.
 *
 * GET    /admin/accounts?q=&page=               → ZAdminAccountListResponse
 * GET    /admin/accounts/:id                    → ZAdminAccountResponse
 * POST   /admin/accounts/:id/plan-grants        ZPlanGrantRequest → ZAdminAccountChangeResponse (201)
 * POST   /admin/accounts/:id/plan-grants/end    → ZAdminAccountChangeResponse
 * DELETE /admin/accounts/:id                    ZAdminDeleteRequest (JSON body) → ZAdminMessageResponse
 * POST   /admin/users/:id/verify | disable | enable → ZAdminUserChangeResponse
 * PUT    /admin/users/:id/role                  ZAdminRoleRequest → ZAdminUserChangeResponse
 * PUT    /admin/users/:id/platform-admin        ZAdminPlatformAdminRequest → ZAdminUserChangeResponse
 * DELETE /admin/users/:id                       ZAdminDeleteRequest (JSON body) → ZAdminUserChangeResponse
 * GET    /admin/templates                       → ZAdminTemplateListResponse
 * POST   /admin/templates                       ZAdminAddTemplateRequest → ZAdminTemplateResponse (201)
 * POST   /admin/templates/:id/retire | restore  → ZAdminTemplateResponse
 * PUT    /admin/templates/order                 ZAdminTemplateOrderRequest → ZAdminTemplateOrderResponse
 * GET    /admin/deliveries?page=                → ZAdminDeliveryListResponse
 * POST   /admin/deliveries/:id/replay           → ZAdminDeliveryReplayResponse
 * GET    /admin/contact-messages?page=          → ZAdminContactMessageListResponse
 * GET    /admin/audit-log?page=&targetType=&targetId= → ZAuditLogResponse
 * (plans and discount codes: GET|POST /admin/plans, PUT /admin/plans/:id, GET|POST /admin/discount-codes,
 * PATCH /admin/discount-codes/:id {retired}.)
 */

const ZTimestamp = z.iso.datetime({ offset: true });
const ZCount = z.number().int().min(0);

/** Path parameter of every `/admin/<things>/:id` route. */
export const ZAdminIdParams = z.object({ id: ZId });

/** Typed to confirm a deletion: the company name or account id, or the user's email. */
export const ZAdminDeleteRequest = z.object({
  confirm: z.string({ error: adminMessages.confirmRequired }).trim().min(1, adminMessages.confirmRequired),
});
export type TAdminDeleteRequest = z.input<typeof ZAdminDeleteRequest>;

/** What every mutation without a richer answer says. */
export const ZAdminMessageResponse = z.object({ data: z.object({ message: z.string() }) });
export type TAdminMessageResponse = z.infer<typeof ZAdminMessageResponse>;

// Accounts

export const ZAdminAccountListQuery = ZPageQuery.extend({
  /** Matches a company name, a shop domain or any user's email (part of it, any case). */
  q: z.string().trim().max(adminLimits.searchLength, adminMessages.searchTooLong).default(''),
});
/** As the client sends it: every field optional. */
export type TAdminAccountListQuery = Partial<z.infer<typeof ZAdminAccountListQuery>>;

export const ZAdminAccountRow = z.object({
  id: z.uuid(),
  kind: z.enum(['standalone', 'shopify']),
  companyName: z.string(),
  shopDomain: z.string().nullable(),
  mode: z.enum(['free', 'paid']),
  status: z.enum(['active', 'uninstalled']),
  /** The first owner's email; null if the account has no owner left. */
  ownerEmail: z.string().nullable(),
  userCount: ZCount,
  createdAt: ZTimestamp,
  /** The paid period in force now, if any. */
  planName: z.string().nullable(),
  paidUntil: ZTimestamp.nullable(),
});
export type TAdminAccountRow = z.infer<typeof ZAdminAccountRow>;

export const ZAdminAccountListResponse = z.object({ data: ZPage(ZAdminAccountRow) });
export type TAdminAccountListResponse = z.infer<typeof ZAdminAccountListResponse>;

export const ZAdminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  /** Their role in the account being shown. */
  role: z.enum(accountRoles),
  usertype: z.enum(['email', 'social', 'shopifyuser']),
  verifiedAt: ZTimestamp.nullable(),
  disabledAt: ZTimestamp.nullable(),
  platformAdmin: z.boolean(),
  /** The latest activity of any of their sessions; null when they have none. */
  lastSignIn: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** The paid period in force: bought, or granted by an administrator (`grantedByEmail`). */
export const ZAdminPaidPeriod = z.object({
  id: z.uuid(),
  planId: z.number().int(),
  planName: z.string(),
  period: z.enum(billingPeriods),
  startsAt: ZTimestamp,
  endsAt: ZTimestamp,
  granted: z.boolean(),
  /** The granting administrator's email, while their user exists. */
  grantedByEmail: z.string().nullable(),
});
export type TAdminPaidPeriod = z.infer<typeof ZAdminPaidPeriod>;

export const ZAdminAccountDetail = z.object({
  account: ZAdminAccountRow.omit({ planName: true, paidUntil: true, ownerEmail: true, userCount: true }).extend({
    companyUrl: z.string(),
  }),
  /** Members of the account (owners first, then by sign-up). */
  users: z.array(ZAdminUser),
  currentPeriod: ZAdminPaidPeriod.nullable(),
  counts: z.object({
    quizzes: ZCount,
    polls: ZCount,
    webResponses: ZCount,
    wheels: ZCount,
    /** Emails captured by any tool (lead.captured events). */
    leads: ZCount,
  }),
});
export type TAdminAccountDetail = z.infer<typeof ZAdminAccountDetail>;

export const ZAdminAccountResponse = z.object({ data: ZAdminAccountDetail });
export type TAdminAccountResponse = z.infer<typeof ZAdminAccountResponse>;

/** A mutation on an account or one of its users: the account as it is now, and what was done. */
export const ZAdminAccountChangeResponse = z.object({ data: z.object({ account: ZAdminAccountDetail, message: z.string() }) });
export type TAdminAccountChangeResponse = z.infer<typeof ZAdminAccountChangeResponse>;

/** An ISO date (the period ends at the end of that day, UTC) or a full timestamp; in the future either way. */
export const ZGrantEnd = z
  .union([z.iso.date(), ZTimestamp], { error: adminMessages.grantEndsInFuture })
  .transform((value) => (value.length === 10 ? new Date(`${value}T23:59:59.999Z`) : new Date(value)))
  .refine((date) => date.getTime() > Date.now(), adminMessages.grantEndsInFuture);

/** Standalone accounts only: a monthly paid period of `planId` from now to `endsAt`, paid for by nobody. */
export const ZPlanGrantRequest = z.object({ planId: ZPlanId, endsAt: ZGrantEnd });
export type TPlanGrantRequest = z.input<typeof ZPlanGrantRequest>;

// Users

export const ZAdminRoleRequest = z.object({ role: z.enum(accountRoles, { error: adminMessages.roleInvalid }) });
export type TAdminRoleRequest = z.input<typeof ZAdminRoleRequest>;

export const ZAdminPlatformAdminRequest = z.object({ platformAdmin: z.boolean({ error: adminMessages.platformAdminInvalid }) });
export type TAdminPlatformAdminRequest = z.input<typeof ZAdminPlatformAdminRequest>;

/** Users' mutations (a delete too) answer with the user's account as it is now. */
export const ZAdminUserChangeResponse = ZAdminAccountChangeResponse;
export type TAdminUserChangeResponse = TAdminAccountChangeResponse;

// Template catalogue

export const ZAdminTemplate = z.object({
  id: z.uuid(),
  title: z.string(),
  quizType: z.enum(quizTypes),
  /** The account holding the template copy (the administrator's who added it). */
  accountId: z.uuid(),
  companyName: z.string(),
  /** The chooser's order, ascending. */
  position: z.number().int(),
  retired: z.boolean(),
  retiredAt: ZTimestamp.nullable(),
  questionCount: ZCount,
  createdAt: ZTimestamp,
});
export type TAdminTemplate = z.infer<typeof ZAdminTemplate>;

/** Every template, retired ones included, in the chooser's order. Not paged: it is reordered as a whole. */
export const ZAdminTemplateListResponse = z.object({ data: z.array(ZAdminTemplate) });
export type TAdminTemplateListResponse = z.infer<typeof ZAdminTemplateListResponse>;

/** Any account's quiz, valid for publishing, is copied into the catalogue (last in order). */
export const ZAdminAddTemplateRequest = z.object({ quizId: z.uuid({ error: adminMessages.quizNotFound }) });
export type TAdminAddTemplateRequest = z.input<typeof ZAdminAddTemplateRequest>;

export const ZAdminTemplateResponse = z.object({ data: z.object({ template: ZAdminTemplate, message: z.string() }) });
export type TAdminTemplateResponse = z.infer<typeof ZAdminTemplateResponse>;

/** Every template's id (retired ones too), in the new order. */
export const ZAdminTemplateOrderRequest = z.object({
  ids: z
    .array(z.uuid({ error: adminMessages.templateOrder }), { error: adminMessages.templateOrder })
    .max(adminLimits.maxTemplates),
});
export type TAdminTemplateOrderRequest = z.input<typeof ZAdminTemplateOrderRequest>;

export const ZAdminTemplateOrderResponse = z.object({
  data: z.object({ templates: z.array(ZAdminTemplate), message: z.string() }),
});
export type TAdminTemplateOrderResponse = z.infer<typeof ZAdminTemplateOrderResponse>;

// Deliveries across accounts

/** A failed or dead delivery, as the owner's log shows it, with its account and when it was last tried. */
export const ZAdminDeliveryRow = ZDeliveryRow.extend({
  accountId: z.uuid(),
  companyName: z.string(),
  lastAttemptAt: ZTimestamp.nullable(),
});
export type TAdminDeliveryRow = z.infer<typeof ZAdminDeliveryRow>;

export const ZAdminDeliveryListQuery = ZPageQuery;
/** As the client sends it: every field optional. */
export type TAdminDeliveryListQuery = Partial<z.infer<typeof ZAdminDeliveryListQuery>>;

export const ZAdminDeliveryListResponse = z.object({ data: ZPage(ZAdminDeliveryRow) });
export type TAdminDeliveryListResponse = z.infer<typeof ZAdminDeliveryListResponse>;

export const ZAdminDeliveryReplayResponse = z.object({ data: z.object({ delivery: ZAdminDeliveryRow, message: z.string() }) });
export type TAdminDeliveryReplayResponse = z.infer<typeof ZAdminDeliveryReplayResponse>;

// Contact messages

export const ZAdminContactMessage = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  companyName: z.string(),
  /** The sender's address when they wrote. */
  email: z.string(),
  message: z.string(),
  createdAt: ZTimestamp,
});
export type TAdminContactMessage = z.infer<typeof ZAdminContactMessage>;

export const ZAdminContactMessageListQuery = ZPageQuery;
/** As the client sends it: every field optional. */
export type TAdminContactMessageListQuery = Partial<z.infer<typeof ZAdminContactMessageListQuery>>;

export const ZAdminContactMessageListResponse = z.object({ data: ZPage(ZAdminContactMessage) });
export type TAdminContactMessageListResponse = z.infer<typeof ZAdminContactMessageListResponse>;

// Audit log

export const ZAuditLogQuery = ZPageQuery.extend({
  targetType: z.enum(auditTargetTypes).optional(),
  /** One row's history (with targetType). */
  targetId: z.string().trim().min(1).max(100).optional(),
});
/** As the client sends it: every field optional. */
export type TAuditLogQuery = Partial<z.infer<typeof ZAuditLogQuery>>;

export const ZAuditEntry = z.object({
  id: z.uuid(),
  actorUserId: z.uuid().nullable(),
  /** As it was when they acted. */
  actorEmail: z.string(),
  action: z.enum(auditActions),
  targetType: z.enum(auditTargetTypes),
  targetId: z.string(),
  /** The target's relevant fields before and after (null before a creation, after a deletion). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
  createdAt: ZTimestamp,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditLogResponse = z.object({ data: ZPage(ZAuditEntry) });
export type TAuditLogResponse = z.infer<typeof ZAuditLogResponse>;
