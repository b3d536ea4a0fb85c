import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { adminLimits } from '@quizlead/shared/admin.ts';
import type { Db } from '../client.ts';
import { pageOf } from './pagination.ts';
import {
  accounts,
  events,
  feedbacks,
  memberships,
  paidPeriods,
  platformAdmins,
  plans,
  polls,
  quizzes,
  users,
  wheels,
} from '../schema/index.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { scoped } from '../scope.ts';
import { periodInForce } from './billing.ts';
import { quizQuestionCount } from './quizzes.ts';

/**
 * What the platform administrators' screens read across accounts. Nothing here is scoped to the
 * caller's account: only routes declared `access: 'admin'` use it.
 */

// Correlated subqueries name the outer row literally: in a one-table select drizzle leaves columns
// unqualified, and "id" would then mean the inner table's.
const ownerEmail = sql<
  string | null
>`(select "u"."email" from "memberships" as "m" join "users" as "u" on "u"."id" = "m"."user_id"
  where "m"."account_id" = "accounts"."id" and "m"."role" = 'owner' order by "m"."created_at", "u"."created_at" limit 1)`;
const userCount = sql<number>`(select count(*)::int from "memberships" as "m" where "m"."account_id" = "accounts"."id")`;
/** The paid period in force now: its plan's name and its end. */
const periodNow = sql<{
  name: string;
  endsAt: string;
} | null>`(select json_build_object('name', "p"."name", 'endsAt', "pp"."ends_at")
  from "paid_periods" as "pp" join "plans" as "p" on "p"."id" = "pp"."plan_id"
  where "pp"."account_id" = "accounts"."id" and "pp"."ended_at" is null and "pp"."starts_at" <= now() and "pp"."ends_at" > now()
  order by "pp"."ends_at" desc limit 1)`;

/** Accounts whose company name, shop domain or any member's email contains `q`. */
function accountSearch(q: string): SQL | undefined {
  if (q === '') return undefined;
  const pattern = likePattern(q);
  const memberEmail = sql`exists (select 1 from "memberships" as "m" join "users" as "u" on "u"."id" = "m"."user_id"
    where "m"."account_id" = "accounts"."id" and "u"."email" ilike ${pattern})`;
  return or(ilike(accounts.companyName, pattern), ilike(accounts.shopDomain, pattern), memberEmail);
}

/** One page of accounts, newest first. */
export async function accountPage(db: Db, q: string, page: number) {
  const where = accountSearch(q);
  const rows = db
    .select({ account: accounts, ownerEmail, userCount, periodNow })
    .from(accounts)
    .where(where)
    .orderBy(desc(accounts.createdAt), asc(accounts.id));
  return pageOf(db, rows, { from: accounts, where }, page, adminLimits.pageSize);
}

export type AccountPageRow = Awaited<ReturnType<typeof accountPage>>['items'][number];

/** The members of an account with their role, administrator flag and latest session activity; owners first. */
export function accountMembers(db: Db, accountId: string) {
  const lastSignIn =
    sql<Date | null>`(select max("s"."last_seen_at") from "sessions" as "s" where "s"."user_id" = ${users.id})`.mapWith(
      (value: string | Date | null) => (value === null ? null : new Date(value)),
    );
  return db
    .select({
      user: users,
      role: memberships.role,
      platformAdmin: sql<boolean>`${platformAdmins.userId} is not null`,
      lastSignIn,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(platformAdmins, eq(platformAdmins.userId, users.id))
    .where(scoped(memberships, accountId))
    .orderBy(sql`${memberships.role} = 'owner' desc`, asc(memberships.createdAt), asc(users.createdAt));
}

export type AccountMemberRow = Awaited<ReturnType<typeof accountMembers>>[number];

const countOf = async (db: Db, table: typeof polls | typeof feedbacks | typeof wheels, accountId: string) =>
  Number((await db.select({ total: count() }).from(table).where(scoped(table, accountId)))[0]?.total ?? 0);

/** An account with its members, its paid period in force and how much it holds; undefined if it is gone. */
export async function accountDetail(db: Db, accountId: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) return undefined;
  const now = new Date();
  // One after another: inside a route's transaction the queries share one connection anyway.
  const members = await accountMembers(db, accountId);
  const period = await periodInForce(db, accountId, now);
  const quizCount = await db
    .select({ total: count() })
    .from(quizzes)
    .where(scoped(quizzes, accountId, eq(quizzes.isTemplate, false)))
    .then(([row]) => Number(row?.total ?? 0));
  const pollCount = await countOf(db, polls, accountId);
  const feedbackCount = await countOf(db, feedbacks, accountId);
  const wheelCount = await countOf(db, wheels, accountId);
  const leadCount = await db
    .select({ total: count() })
    .from(events)
    .where(scoped(events, accountId, eq(events.type, 'lead.captured')))
    .then(([row]) => Number(row?.total ?? 0));
  // tenant-scope: the platform administrator who granted the period belongs to an account of their own
  const grantedBy = period?.period.grantedBy
    ? (await db.select({ email: users.email }).from(users).where(eq(users.id, period.period.grantedBy)).limit(1))[0]?.email
    : undefined;
  return {
    account,
    members,
    period: period ? { ...period, grantedByEmail: grantedBy ?? null } : undefined,
    counts: { quizzes: quizCount, polls: pollCount, webResponses: feedbackCount, wheels: wheelCount, leads: leadCount },
  };
}

export type AccountDetail = NonNullable<Awaited<ReturnType<typeof accountDetail>>>;

/** Periods of the account not yet over (in force now or starting later), locked for the caller's change. */
export function openPeriods(db: Db, accountId: string, now: Date) {
  return db
    .select({ period: paidPeriods, planName: plans.name })
    .from(paidPeriods)
    .innerJoin(plans, eq(plans.id, paidPeriods.planId))
    .where(scoped(paidPeriods, accountId, sql`${paidPeriods.endedAt} is null`, sql`${paidPeriods.endsAt} > ${now}`))
    .orderBy(asc(paidPeriods.startsAt))
    .for('update', { of: paidPeriods });
}

/** How many owners an account has besides `userId`. */
export async function otherOwners(db: Db, accountId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(memberships)
    .where(scoped(memberships, accountId, eq(memberships.role, 'owner'), sql`${memberships.userId} <> ${userId}`));
  return Number(row?.total ?? 0);
}

/**
 * Every template, retired ones too, in the chooser's order; or only `id`. A template's position is its place in
 * that order, counted over the whole catalogue: stored positions can tie (templates seeded before they were
 * numbered all hold 0) and the chooser then orders by title, so the stored number is not what the owner sees.
 */
export async function templateCatalogue(db: Db, id?: string) {
  // tenant-scope: the catalogue holds templates kept in administrators' accounts, every account chooses from it
  const rows = await db
    .select({ quiz: quizzes, questionCount: quizQuestionCount, companyName: accounts.companyName })
    .from(quizzes)
    .innerJoin(accounts, eq(accounts.id, quizzes.accountId))
    .where(eq(quizzes.isTemplate, true))
    .orderBy(asc(quizzes.templatePosition), asc(quizzes.title), asc(quizzes.id));
  const templates = rows.map((row, position) => ({
    ...row.quiz,
    questionCount: row.questionCount,
    companyName: row.companyName,
    position,
  }));
  return id ? templates.filter((template) => template.id === id) : templates;
}

export type TemplateRow = Awaited<ReturnType<typeof templateCatalogue>>[number];
