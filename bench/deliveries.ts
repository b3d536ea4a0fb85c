/**
 * Webhook deliveries under a burst: 1,000 leads (`BENCH_LEADS`) recorded as submissions record them,
 * to one local endpoint answering in 50 ms (`BENCH_ANSWER_MS`). Prints deliveries a second and the
 * time from each lead to its first attempt (median, p95, most), beside the ceiling measured in the
 * same run: the same endpoint posted to directly, as many at a time as a destination is allowed.
 * Targets: at least 50 deliveries a second and a p95 under 10 s. On PostgreSQL the bench makes its
 * own database (`quizlead_bench_deliveries`) on the server of `DATABASE_URL`, new each run.
 */
import { eq } from 'drizzle-orm';
import { deliveryLimits } from '@quizlead/shared/schemas/deliveries.ts';
import { deliveries } from '../server/src/db/schema/index.ts';
import { pacedWebhookDestination, recordLeadBurst } from '../server/src/test/deliveryBurst.ts';
import { createOwner } from '../server/src/test/factories.ts';
import { getTestServer } from '../server/src/test/getTestServer.ts';
import { freshDatabase } from './freshDatabase.ts';

const leads = Number(process.env.BENCH_LEADS ?? 1000);
const answerMs = Number(process.env.BENCH_ANSWER_MS ?? 50);

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The endpoint's own ceiling: `leads` posts straight to it, a destination's allowance at a time. */
async function ceiling(url: string): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: deliveryLimits.concurrentPerDestination }, async () => {
      while (next++ < leads) await (await fetch(url, { method: 'POST', body: '{}' })).arrayBuffer();
    }),
  );
  return leads / ((performance.now() - started) / 1000);
}

if (process.env.DATABASE_URL)
  process.env.DATABASE_URL = await freshDatabase(process.env.DATABASE_URL, 'quizlead_bench_deliveries');
const server = await getTestServer({ LOG_LEVEL: 'silent', WEBHOOKS_ALLOW_PRIVATE: 'true' });
try {
  const owner = await createOwner(server);
  const endpoint = await pacedWebhookDestination(server, owner.account.id, { delayMs: answerMs });
  const baseline = await ceiling(endpoint.receiver.url('/ceiling'));
  endpoint.firstSeen.clear();

  const started = Date.now();
  await recordLeadBurst(server, owner.account.id, leads);
  const recorded = Date.now();
  const deadline = started + 5 * 60_000;
  while (endpoint.firstSeen.size < leads && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
  const finished = Math.max(...endpoint.firstSeen.values());

  const rows = await server.services.database.db
    .select({ id: deliveries.id, createdAt: deliveries.createdAt })
    .from(deliveries)
    .where(eq(deliveries.destinationId, endpoint.destinationId));
  const waits = rows
    .map((row) => (endpoint.firstSeen.get(row.id) ?? Number.POSITIVE_INFINITY) - row.createdAt.getTime())
    .sort((a, b) => a - b);
  const perSecond = endpoint.firstSeen.size / ((finished - started) / 1000);
  const p95 = percentile(waits, 0.95);

  console.log(
    `database: ${server.services.database.driver}; ${leads} leads to one endpoint answering in ${answerMs} ms, ` +
      `${deliveryLimits.concurrentPerDestination} at a time per destination`,
  );
  console.log(`leads recorded in ${seconds(recorded - started)}; first attempts: ${endpoint.firstSeen.size} of ${leads}`);
  console.log(
    `endpoint posted to directly (ceiling) ${baseline.toFixed(0).padStart(6)} /s\n` +
      `deliveries                            ${perSecond.toFixed(0).padStart(6)} /s   ratio ${(perSecond / baseline).toFixed(2)}   ` +
      `${perSecond >= 50 ? 'meets' : 'BELOW'} target 50/s`,
  );
  console.log(
    `lead to first attempt: median ${seconds(percentile(waits, 0.5))}, p95 ${seconds(p95)}, most ${seconds(waits.at(-1)!)}   ` +
      `${p95 < 10_000 ? 'meets' : 'ABOVE'} target p95 < 10 s`,
  );
  await endpoint.receiver.close();
} finally {
  await server.stop();
}
