import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { feedbackResponses, plays, pollVotes, wheelSpins } from '../db/schema/index.ts';
import { parseEnv } from '../env.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import { serverProcesses } from '../test/serverProcess.ts';
import { createFeedback, createPoll, createWheel } from '../test/widgetFactory.ts';
import { quizCountersAndRows } from './counters.ts';
import { playWithLead, submit, type PlayableQuiz } from './visitors.ts';

/**
 * Nothing acknowledged is lost, and the reports still add up, when the server dies mid-load: visitors
 * play a quiz, vote, answer a web response and spin a wheel against one process; it is killed with
 * SIGKILL while requests are in flight; a second process starts on the same database. Every
 * submission that got its 2xx is there, and the quiz's counters equal its plays.
 */

const processes = serverProcesses({ TRUST_PROXY: '1', JOB_POLL_SECONDS: '0.5' });
afterAll(() => processes.stopAll());

/** Visitors at once; the load runs until the kill. */
const concurrency = 12;

describe('kill -9 under load', () => {
  it('loses no acknowledged submission and leaves the counters equal to the rows', { timeout: 180_000 }, async () => {
    const owner = await processes.seedOwner('Crash Co');
    const first = await processes.start();
    const client = processes.ownerClient(first.url, owner);
    const quiz = (await createGradedQuiz(client, { title: 'Crash quiz', questions: 3, publish: true })) as PlayableQuiz;
    const poll = await createPoll(client);
    const feedback = await createFeedback(client);
    const wheel = await createWheel(client, { allowRepeatSpins: true });

    const acked = { plays: [] as string[], votes: [] as string[], responses: [] as string[], spins: [] as string[] };
    let tried = 0;
    let running = true;
    const visitor = async (index: number) => {
      for (let round = 0; running; round++) {
        tried += 1;
        const kind = (index + round) % 4;
        if (kind === 0) {
          const playId = await playWithLead(first.url, quiz);
          if (playId) acked.plays.push(playId);
        } else if (kind === 1) {
          const id = await submit(first.url, `/api/v1/public/polls/${poll.id}/votes`, {
            option: round % 2,
            email: `voter-${index}-${round}@example.com`,
          });
          if (id) acked.votes.push(id);
        } else if (kind === 2) {
          const id = await submit(first.url, `/api/v1/public/feedbacks/${feedback.id}/responses`, { value: 'Happy' });
          if (id) acked.responses.push(id);
        } else {
          const id = await submit(first.url, `/api/v1/public/wheels/${wheel.id}/spins`, {
            email: `spinner-${index}-${round}@example.com`,
          });
          if (id) acked.spins.push(id);
        }
      }
    };
    const load = Array.from({ length: concurrency }, (_, index) => visitor(index));
    // Kill once the load is well under way, with every visitor mid-request.
    while (acked.plays.length < 40) await new Promise((done) => setTimeout(done, 50));
    await processes.kill(first, 'SIGKILL');
    running = false;
    await Promise.all(load);

    // The next process folds what the dead one left; an orderly stop folds the rest.
    const second = await processes.start();
    await processes.kill(second, 'SIGTERM');

    const env = parseEnv(processes.env);
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: join(processes.dataDir, 'pglite') });
    try {
      const { db } = database;
      const storedPlays = await db
        .select({ id: plays.id, status: plays.status, email: plays.email })
        .from(plays)
        .where(inArray(plays.id, acked.plays));
      const lost = {
        plays: acked.plays.length - storedPlays.filter((play) => play.status === 'completed' && play.email).length,
        votes:
          acked.votes.length -
          (await db.select({ id: pollVotes.id }).from(pollVotes).where(inArray(pollVotes.id, acked.votes))).length,
        responses:
          acked.responses.length -
          (
            await db
              .select({ id: feedbackResponses.id })
              .from(feedbackResponses)
              .where(inArray(feedbackResponses.id, acked.responses))
          ).length,
        spins:
          acked.spins.length -
          (await db.select({ id: wheelSpins.id }).from(wheelSpins).where(inArray(wheelSpins.id, acked.spins))).length,
      };
      const counts = await quizCountersAndRows(db, quiz.id);
      const unfinished = (await db.execute(
        sql`select count(*)::int as n from plays where quiz_id = ${quiz.id} and status <> 'completed'`,
      )) as unknown as {
        rows: { n: number }[];
      };
      console.log(
        `crash test: ${tried} submissions tried, acknowledged ${JSON.stringify(Object.fromEntries(Object.entries(acked).map(([kind, ids]) => [kind, ids.length])))}, ` +
          `lost ${JSON.stringify(lost)}, plays left unfinished by the kill ${unfinished.rows[0]?.n ?? 0}, counters ${JSON.stringify(counts.counters)} vs rows ${JSON.stringify(counts.rows)}`,
      );
      expect(lost).toEqual({ plays: 0, votes: 0, responses: 0, spins: 0 });
      for (const ids of Object.values(acked)) expect(ids.length).toBeGreaterThan(0);
      expect(counts.counters).toEqual(counts.rows);
      expect(counts.pendingDeltas).toBe(0);
    } finally {
      await database.close();
    }
  });
});
