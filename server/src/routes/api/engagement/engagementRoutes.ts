import { desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { engagementLimits, engagementPaths, type EngagementKind } from '@quizlead/shared/engagement.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { engagementSchemas, type EngagementSchemaSet, type TEngagementBody } from '@quizlead/shared/schemas/engagementKinds.ts';
import { ZExportQuery, ZPageQuery } from '@quizlead/shared/schemas/lists.ts';
import { ZShopifyPlacementResponse } from '@quizlead/shared/schemas/reports.ts';
import { engagementItemCreator } from '../../../commands/engagementItemCreator.ts';
import { engagementItemDeleter } from '../../../commands/engagementItemDeleter.ts';
import { engagementItemSaver, type EngagementDeps, type EngagementStore } from '../../../commands/engagementItemSaver.ts';
import type { Auth, Services } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { pageOf } from '../../../db/queries/pagination.ts';
import { scoped } from '../../../db/scope.ts';
import type { ExportQuery } from '../../../lib/exports/exportQuery.ts';
import { sendExport } from '../../../lib/exports/spreadsheetExport.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { shopifyPlacement } from '../sharing/shopifyPlacement.ts';

/** The id in an engagement item's path. */
export const ZEngagementParams = z.object({ id: ZId });

export type { EngagementWrite } from '../../../commands/engagementItemSaver.ts';

/** The engagement commands' deps from a request's. */
const writeDeps = (input: { db: Db; services: Services; afterCommit: EngagementDeps['afterCommit'] }): EngagementDeps => ({
  db: input.db,
  afterCommit: input.afterCommit,
  storage: input.services.storage,
  queue: input.services.queue,
});

/**
 * One engagement kind (polls, web responses, wheels): what its owner API stores, shows and exports.
 * The routes, their access, pagination, 404s and transactions are the same for every kind
 * (`engagementRoutes`), and so are their paths and schemas (shared: `engagementPaths`,
 * `engagementSchemas`), and so are their writes (the engagement item commands, given the kind as its
 * `EngagementStore`); a kind says only what differs.
 */
export interface EngagementApi<
  Kind extends EngagementKind,
  Row extends { id: string; accountId: string },
  Submission,
> extends EngagementStore<Kind, Row> {
  kind: Kind;
  /** The OpenAPI tag. */
  tag: string;
  /** One item as the API's texts name it: `No such ${noun} in this account`. */
  noun: string;
  summaries: { list: string; create: string; get: string; update: string; delete: string };
  /** The item of the caller's account (404 otherwise), locked when the save will change it. */
  find(db: Db, auth: Pick<Auth, 'accountId'>, id: string, options?: { forUpdate?: boolean }): Promise<Row>;
  /** The item as the builder reads it. */
  present(db: Db, row: Row): Promise<unknown>;
  /** The list's row, with its number of submissions (`submissionTotal`, a correlated count). */
  presentRow(row: Row, submissions: number): unknown;
  submissionTotal: SQL<number>;
  /** Whether visitors can open it now (its storefront page exists); a kind without a publish state always can. */
  published?(row: Row): boolean;
  /** The answer to a delete. */
  deleted: string;
  /** A save's 400 besides a wrong field, for the API document. */
  updateRefusal?: string;
  /** The visitors' votes, spins or responses: a page of them newest first, and all of them as a spreadsheet. */
  submissions: {
    summary: string;
    exportSummary: string;
    /** The submissions' table, the item's submissions in it (tenant-scoped) and the columns the table shows. */
    table: PgTable & { id: PgColumn; createdAt: PgColumn };
    of(row: Row): SQL;
    fields: Record<string, PgColumn>;
    present(row: Row, submission: Submission): unknown;
    export(row: Row): { filename: string; sheetName: string; query: ExportQuery };
  };
}

/** A kind's list, create, get, save and delete, its Shopify placement, and its submissions with their export. */
export function engagementRoutes<Kind extends EngagementKind, Row extends { id: string; accountId: string }, Submission>(
  api: ApiRouter,
  kind: EngagementApi<Kind, Row, Submission>,
): void {
  const { table } = kind;
  const path = `/${engagementPaths[kind.kind].collection}`;
  const submissionsPath = `${path}/:id/${engagementPaths[kind.kind].submissions}`;
  const schemas: EngagementSchemaSet = engagementSchemas[kind.kind];
  /** The body as the kind's schema gave it (the route's own type is the union of every kind's). */
  const bodyOf = (body: unknown) => body as TEngagementBody<Kind>;
  const tags = [kind.tag];
  const notFound = `No such ${kind.noun} in this account`;
  const params = ZEngagementParams;

  api.route({
    method: 'get',
    path,
    summary: kind.summaries.list,
    tags,
    access: 'owner',
    can: 'engagement.read',
    query: ZPageQuery,
    responses: { 200: schemas.list },
    handler: async ({ ctx, db, auth, query }) => {
      const where = scoped(table, auth.accountId);
      const rows = db
        .select({ row: table, submissions: kind.submissionTotal })
        .from(table)
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id));
      const page = await pageOf(db, rows, { from: table, where }, query.page, engagementLimits.listPageSize);
      const items = (page.items as { row: Row; submissions: number }[]).map((item) =>
        kind.presentRow(item.row, item.submissions),
      );
      ctx.body = { data: { ...page, items } };
    },
  });

  api.route({
    method: 'post',
    path,
    summary: kind.summaries.create,
    tags,
    access: 'owner',
    can: 'engagement.write',
    body: schemas.create,
    transaction: true,
    responses: { 201: schemas.item, 400: 'The first field that is wrong' },
    handler: async (input) => {
      const { ctx, db, auth, body } = input;
      const row = await engagementItemCreator(writeDeps(input), { store: kind, accountId: auth.accountId, body: bodyOf(body) });
      ctx.status = 201;
      ctx.body = { data: await kind.present(db, row) };
    },
  });

  api.route({
    method: 'get',
    path: `${path}/:id`,
    summary: kind.summaries.get,
    tags,
    access: 'owner',
    can: 'engagement.read',
    params,
    responses: { 200: schemas.item, 404: notFound },
    handler: async ({ ctx, db, auth, params }) => {
      ctx.body = { data: await kind.present(db, await kind.find(db, auth, params.id)) };
    },
  });

  api.route({
    method: 'put',
    path: `${path}/:id`,
    summary: kind.summaries.update,
    tags,
    access: 'owner',
    can: 'engagement.write',
    params,
    body: schemas.update,
    transaction: true,
    responses: {
      200: schemas.item,
      400: kind.updateRefusal ? `The first field that is wrong, or '${kind.updateRefusal}'` : 'The first field that is wrong',
      404: notFound,
    },
    handler: async (input) => {
      const { ctx, db, auth, params, body } = input;
      const row = await kind.find(db, auth, params.id, { forUpdate: true });
      const saved = await engagementItemSaver(writeDeps(input), {
        store: kind,
        accountId: auth.accountId,
        stored: row,
        body: bodyOf(body),
      });
      ctx.body = { data: await kind.present(db, saved) };
    },
  });

  api.route({
    method: 'delete',
    path: `${path}/:id`,
    summary: kind.summaries.delete,
    tags,
    access: 'owner',
    can: 'engagement.write',
    params,
    transaction: true,
    responses: { 200: ZMessageResponse, 404: notFound },
    handler: async (input) => {
      const { ctx, auth, params } = input;
      await engagementItemDeleter(writeDeps(input), { store: kind, accountId: auth.accountId, id: params.id });
      ctx.body = { data: { message: kind.deleted } };
    },
  });

  api.route({
    method: 'get',
    path: `${path}/:id/shopify`,
    summary: `How to place the ${kind.noun} in the Shopify storefront: its storefront page (once published), the theme editor link that adds the app block and the one that switches on the app embed`,
    tags: [...tags, 'sharing'],
    access: 'owner',
    can: 'engagement.read',
    params,
    responses: { 200: ZShopifyPlacementResponse, 404: notFound },
    handler: async ({ ctx, db, auth, params, services }) => {
      const row = await kind.find(db, auth, params.id);
      const published = kind.published?.(row) ?? true;
      ctx.body = { data: await shopifyPlacement(db, auth.accountId, services.env, { kind: kind.kind, id: row.id, published }) };
    },
  });

  const { submissions } = kind;
  api.route({
    method: 'get',
    path: submissionsPath,
    summary: submissions.summary,
    tags,
    access: 'owner',
    can: 'report.read',
    params,
    query: ZPageQuery,
    responses: { 200: schemas.submissions, 404: notFound },
    handler: async ({ ctx, db, auth, params, query }) => {
      const row = await kind.find(db, auth, params.id);
      const where = submissions.of(row);
      const rows = db
        .select(submissions.fields)
        .from(submissions.table)
        .where(where)
        .orderBy(desc(submissions.table.createdAt), desc(submissions.table.id));
      const page = await pageOf(db, rows, { from: submissions.table, where }, query.page, engagementLimits.submissionsPageSize);
      const items = (page.items as Submission[]).map((submission) => submissions.present(row, submission));
      ctx.body = { data: { ...page, items } };
    },
  });

  api.route({
    method: 'get',
    path: `${submissionsPath}/export`,
    summary: submissions.exportSummary,
    tags,
    access: 'owner',
    can: 'report.export',
    params,
    query: ZExportQuery,
    responses: { 200: 'The spreadsheet (attachment)', 404: notFound },
    handler: async ({ ctx, db, auth, params, query, services }) => {
      const row = await kind.find(db, auth, params.id);
      await sendExport(ctx, services.database, { format: query.format, ...submissions.export(row) });
    },
  });
}
