import { randomUUID } from 'node:crypto';
import { computeResult, firstQuestionId, nextQuestionId, picksNeeded, resultSummary } from '@quizlead/shared/engine/index.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import type { Db } from '../db/client.ts';
import { plays, quizDailyStats, quizQuestionStats } from '../db/schema/index.ts';
import type { QuizRow } from '../policies/quiz.ts';
import { quizData } from '../commands/quizSaver.ts';

/** Where demo visitors come from. */
const places = [
  ['United States', 'California', 'San Francisco'],
  ['United Kingdom', 'England', 'London'],
  ['India', 'Maharashtra', 'Mumbai'],
  ['Germany', 'Bavaria', 'Munich'],
  ['Canada', 'Ontario', 'Toronto'],
  ['Australia', 'New South Wales', 'Sydney'],
] as const;
const names = ['Ava', 'Ben', 'Chloe', 'Dev', 'Emma', 'Finn', 'Grace', 'Hugo', 'Isla', 'Jay', 'Kira', 'Leo'];

/** A small seeded generator, so every reset of the demo shows the same figures. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  return { next, below: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Plays of a demo quiz over the last 30 days, walked through the quiz with the engine's own branching
 * and scored by the engine (as the server would have), with the roll-ups the app keeps as plays arrive:
 * so the demo's report, answer sheets and dashboard have something true to show.
 */
export async function demoPlaySeeder(props: { db: Db; quiz: QuizRow; questions: TQuestion[]; seed: number }) {
  const { db, quiz, questions } = props;
  if (questions.length === 0) return;
  const random = generator(props.seed);
  const engineQuiz = { ...quizData(quiz), questions };
  const byId = new Map(questions.map((question) => [question.id, question]));
  const days = new Map<
    string,
    { views: number; starts: number; completions: number; leads: number; scored: number; percentageSum: number }
  >();
  const questionCounts = new Map<string, { reached: number; answered: number }>();
  const rows: (typeof plays.$inferInsert)[] = [];

  const playCount = 24 + random.below(24);
  for (let index = 0; index < playCount; index++) {
    const startedAt = new Date(Date.now() - random.below(30 * 24) * 3_600_000 - random.below(3_600_000));
    const day = days.get(dayOf(startedAt)) ?? { views: 0, starts: 0, completions: 0, leads: 0, scored: 0, percentageSum: 0 };
    days.set(dayOf(startedAt), day);
    day.views += 1 + (random.chance(0.3) ? 1 : 0);
    day.starts += 1;

    // Walk the quiz; one visitor in five leaves before the end.
    const leavesAt = random.chance(0.2) ? random.below(questions.length) : Number.POSITIVE_INFINITY;
    const answers: Record<string, string[]> = {};
    const reached: string[] = [];
    let id = firstQuestionId(engineQuiz);
    while (id !== null && !reached.includes(id)) {
      const question = byId.get(id)!;
      reached.push(id);
      const counts = questionCounts.get(id) ?? { reached: 0, answered: 0 };
      questionCounts.set(id, counts);
      counts.reached += 1;
      if (reached.length > leavesAt) break;
      const picks = [...question.answers]
        .sort(() => random.next() - 0.5)
        .slice(0, picksNeeded(question))
        .map((answer) => answer.id);
      answers[id] = picks;
      counts.answered += 1;
      id = nextQuestionId(engineQuiz, id, picks);
    }
    const [country, state, city] = places[random.below(places.length)]!;
    const base = {
      quizId: quiz.id,
      id: randomUUID(),
      accountId: quiz.accountId,
      userAgent: 'Mozilla/5.0 (demo)',
      country,
      state,
      city,
      startedAt,
    };
    if (Object.keys(answers).length < reached.length) {
      rows.push({ ...base, status: 'started', reached });
      continue;
    }

    const result = computeResult(engineQuiz, answers);
    const score =
      result.kind === 'graded' || result.kind === 'range' ? { score: result.score, percentage: result.percentage } : {};
    const name = names[random.below(names.length)]!;
    const lead = random.chance(0.6) ? { name, email: `${name.toLowerCase()}.${index}@example.com`, consent: true } : {};
    const completedAt = new Date(startedAt.getTime() + 60_000 + random.below(240_000));
    rows.push({
      ...base,
      ...score,
      ...lead,
      status: 'completed',
      reached,
      answers,
      result: result as unknown as Record<string, unknown>,
      resultSummary: resultSummary(result),
      answeredAt: completedAt,
      completedAt,
    });
    day.completions += 1;
    if (lead.email) day.leads += 1;
    if (score.percentage !== undefined) {
      day.scored += 1;
      day.percentageSum += score.percentage;
    }
  }

  await db.insert(plays).values(rows);
  await db
    .insert(quizDailyStats)
    .values([...days].map(([day, counts]) => ({ quizId: quiz.id, accountId: quiz.accountId, day, ...counts })));
  await db
    .insert(quizQuestionStats)
    .values(
      [...questionCounts].map(([questionId, counts]) => ({ quizId: quiz.id, accountId: quiz.accountId, questionId, ...counts })),
    );
  return rows.filter((row) => row.status === 'completed').length;
}
