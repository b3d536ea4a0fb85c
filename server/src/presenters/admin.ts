import type {
  TAdminAccountDetail,
  TAdminAccountRow,
  TAdminContactMessage,
  TAdminTemplate,
  TAdminUser,
  TAuditEntry,
} from '@quizlead/shared/schemas/admin.ts';
import type { AccountDetail, AccountMemberRow, AccountPageRow } from '../db/queries/admin.ts';
import type { accounts, auditLog, contactMessages, quizzes } from '../db/schema/index.ts';

type AccountRow = typeof accounts.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const presentAccount = (account: AccountRow) => ({
  id: account.id,
  kind: account.kind,
  companyName: account.companyName,
  shopDomain: account.shopDomain,
  mode: account.mode,
  status: account.status,
  createdAt: account.createdAt.toISOString(),
});

export const presentAdminAccountRow = (row: AccountPageRow): TAdminAccountRow => ({
  ...presentAccount(row.account),
  ownerEmail: row.ownerEmail,
  userCount: row.userCount,
  planName: row.periodNow?.name ?? null,
  paidUntil: row.periodNow ? new Date(row.periodNow.endsAt).toISOString() : null,
});

export const presentAdminUser = (member: AccountMemberRow): TAdminUser => ({
  id: member.user.id,
  email: member.user.email,
  fullName: member.user.fullName,
  role: member.role,
  usertype: member.user.usertype,
  verifiedAt: iso(member.user.verifiedAt),
  disabledAt: iso(member.user.disabledAt),
  platformAdmin: member.platformAdmin,
  lastSignIn: iso(member.lastSignIn),
  createdAt: member.user.createdAt.toISOString(),
});

export const presentAdminAccountDetail = (detail: AccountDetail): TAdminAccountDetail => ({
  account: { ...presentAccount(detail.account), companyUrl: detail.account.companyUrl },
  users: detail.members.map(presentAdminUser),
  currentPeriod: detail.period
    ? {
        id: detail.period.period.id,
        planId: detail.period.plan.id,
        planName: detail.period.plan.name,
        period: detail.period.period.period,
        startsAt: detail.period.period.startsAt.toISOString(),
        endsAt: detail.period.period.endsAt.toISOString(),
        granted: detail.period.period.grantedBy !== null,
        grantedByEmail: detail.period.grantedByEmail,
      }
    : null,
  counts: detail.counts,
});

/** `position` is the template's place in the chooser's order (the stored one can tie with another's). */
export const presentAdminTemplate = (
  template: typeof quizzes.$inferSelect & { questionCount: number; companyName: string; position: number },
): TAdminTemplate => ({
  id: template.id,
  title: template.title,
  quizType: template.quizType,
  accountId: template.accountId,
  companyName: template.companyName,
  position: template.position,
  retired: template.templateRetiredAt !== null,
  retiredAt: iso(template.templateRetiredAt),
  questionCount: template.questionCount,
  createdAt: template.createdAt.toISOString(),
});

export const presentAdminContactMessage = (
  message: typeof contactMessages.$inferSelect & { companyName: string },
): TAdminContactMessage => ({
  id: message.id,
  accountId: message.accountId,
  companyName: message.companyName,
  email: message.email,
  message: message.message,
  createdAt: message.createdAt.toISOString(),
});

export const presentAuditEntry = (entry: typeof auditLog.$inferSelect): TAuditEntry => ({
  id: entry.id,
  actorUserId: entry.actorUserId,
  actorEmail: entry.actorEmail,
  action: entry.action as TAuditEntry['action'],
  targetType: entry.targetType as TAuditEntry['targetType'],
  targetId: entry.targetId,
  before: entry.before ?? null,
  after: entry.after ?? null,
  ip: entry.ip,
  createdAt: entry.createdAt.toISOString(),
});
