import { z } from 'zod';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import {
  ZEndExperimentInput,
  ZExperimentInput,
  ZExperimentResponse,
  ZExperimentsResponse,
  type TExperimentMetric,
} from '@quizlead/shared/schemas/experiments.ts';
import type { Ability } from '@quizlead/shared/permissions.ts';
import type { Auth } from '../../../context.ts';
import { experimentEnder } from '../../../commands/experiments/experimentEnder.ts';
import { experimentStarter, type TestedItem } from '../../../commands/experiments/experimentStarter.ts';
import type { Db } from '../../../db/client.ts';
import { experimentCounts, itemExperiments, type ExperimentRow } from '../../../db/queries/experiments.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import { findOwnWheel } from '../../../policies/wheel.ts';
import { presentExperiment } from '../../../presenters/experiment.ts';
import type { ApiRouter } from '../../apiRouter.ts';

const ZItemParams = z.object({ id: ZId });
const ZExperimentParams = z.object({ id: ZId, experimentId: ZId });

/** What differs between a quiz's tests and a wheel's: the path, the abilities and how the item is found. */
const kinds = {
  quiz: {
    path: '/quizzes/:id/experiments',
    noun: 'quiz',
    write: 'quiz.write',
    subjects: 'its intro text or where its lead form comes',
    find: async (db: Db, auth: Auth, id: string, forUpdate = false): Promise<TestedItem> => ({
      kind: 'quiz',
      row: await findOwnQuiz(db, auth, id, { forUpdate }),
    }),
  },
  wheel: {
    path: '/wheels/:id/experiments',
    noun: 'wheel',
    write: 'engagement.write',
    subjects: 'its odds',
    find: async (db: Db, auth: Auth, id: string, forUpdate = false): Promise<TestedItem> => ({
      kind: 'wheel',
      row: await findOwnWheel(db, auth, id, { forUpdate }),
    }),
  },
} as const satisfies Record<string, { path: string; noun: string; write: Ability; subjects: string; find: unknown }>;

/** What decides a test: a wheel's orders; a quiz's leads when it asks for an email, else its completions. */
const metricOf = (item: TestedItem): TExperimentMetric =>
  item.kind === 'wheel' ? 'orders' : item.row.settings.collectEmail ? 'leads' : 'completions';

async function report(db: Db, item: TestedItem, experiment: ExperimentRow) {
  const counts = await experimentCounts(db, { kind: item.kind, id: item.row.id, accountId: item.row.accountId }, experiment.id);
  return presentExperiment(experiment, counts, metricOf(item));
}

/** A/B tests of quizzes and wheels: list with their reports, start, end keeping a variant. */
export function experimentRoutes(api: ApiRouter): void {
  for (const kind of Object.values(kinds)) {
    const missing = `No such ${kind.noun} in this account`;

    api.route({
      method: 'get',
      path: kind.path,
      summary: `A ${kind.noun}’s A/B tests, newest first, each with its figures per variant and the variant they call best`,
      tags: ['experiments'],
      access: 'owner',
      can: 'report.read',
      params: ZItemParams,
      responses: { 200: ZExperimentsResponse, 404: missing },
      handler: async ({ ctx, db, auth, params }) => {
        const item = await kind.find(db, auth, params.id);
        const rows = await itemExperiments(db, { kind: item.kind, id: item.row.id, accountId: item.row.accountId });
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { data: await Promise.all(rows.map((row) => report(db, item, row))) };
      },
    });

    api.route({
      method: 'post',
      path: kind.path,
      summary: `Start an A/B test of a ${kind.noun} (${kind.subjects}); the first variant is the original`,
      tags: ['experiments'],
      access: 'owner',
      can: kind.write,
      params: ZItemParams,
      body: ZExperimentInput,
      transaction: true,
      responses: {
        201: ZExperimentResponse,
        400: 'A field of the test is wrong',
        404: missing,
        409: 'A test of this item is already running',
      },
      handler: async ({ ctx, db, auth, params, body, changed }) => {
        const item = await kind.find(db, auth, params.id, true);
        const experiment = await experimentStarter({ db, changed }, { item, input: body });
        ctx.status = 201;
        ctx.body = { data: await report(db, item, experiment) };
      },
    });

    api.route({
      method: 'post',
      path: `${kind.path}/:experimentId/end`,
      summary: `End a running A/B test of a ${kind.noun}, keeping one variant: its value becomes the ${kind.noun}’s own`,
      tags: ['experiments'],
      access: 'owner',
      can: kind.write,
      params: ZExperimentParams,
      body: ZEndExperimentInput,
      transaction: true,
      responses: {
        200: ZExperimentResponse,
        400: 'winner is not a variant of the test',
        404: missing,
        409: 'The test has already ended',
      },
      handler: async ({ ctx, db, auth, params, body, changed }) => {
        const item = await kind.find(db, auth, params.id, true);
        const ended = await experimentEnder({ db, changed }, { item, experimentId: params.experimentId, winner: body.winner });
        ctx.body = { data: await report(db, item, ended) };
      },
    });
  }
}
