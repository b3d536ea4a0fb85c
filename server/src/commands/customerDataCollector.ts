import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loadQuestions } from '../db/queries/quizzes.ts';
import { sameEmail } from '../db/oncePerEmail.ts';
import { feedbackResponses, feedbacks, plays, pollVotes, polls, quizzes, wheelSpins, wheels } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { presentAnswerSheet } from '../presenters/report.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';

/** The plays of `email`, including those where a custom lead form asked for it in a field of its own. */
export const playsOfEmail = (email: string) =>
  or(
    sameEmail(plays.email, email),
    sql`exists (select 1 from jsonb_each_text(coalesce(${plays.leadFields}, '{}'::jsonb)) as field
      where lower(field.value) = lower(${email}))`,
  );

/**
 * Everything an account holds about one visitor, found by email across every tool: quiz plays with
 * their leads and answers, poll votes, web responses and wheel spins. Shopify's customers/data_request
 * asks for it; the merchant downloads the document and sends it on.
 */
export async function customerDataCollector(props: { db: Db; accountId: string; email: string }) {
  const { db, accountId, email } = props;

  const playRows = await db
    .select({ play: plays, quiz: { id: quizzes.id, title: quizzes.title, quizType: quizzes.quizType } })
    .from(plays)
    .innerJoin(quizzes, eq(quizzes.id, plays.quizId))
    .where(scoped(plays, accountId, playsOfEmail(email)))
    .orderBy(asc(plays.startedAt));
  const questionsOf = new Map<string, TQuestion[]>();
  for (const quizId of new Set(playRows.map((row) => row.quiz.id))) questionsOf.set(quizId, await loadQuestions(db, quizId));
  const quizPlays = playRows.map(({ play, quiz }) => {
    const sheet = presentAnswerSheet(play, quiz, play.answers ? (questionsOf.get(quiz.id) ?? []) : []);
    return {
      ...sheet.play,
      status: play.status,
      startedAt: play.startedAt.toISOString(),
      completedAt: play.completedAt?.toISOString() ?? null,
      score: play.score,
      percentage: play.percentage,
      consent: play.consent,
      consentText: play.consentText,
      phone: play.phone,
      smsConsent: play.smsConsent,
      leadFields: play.leadFields ?? {},
      browser: play.userAgent,
      answers: sheet.questions.map((question) => ({
        question: question.title,
        picked: question.answers.filter((answer) => answer.selected).map((answer) => answer.text),
      })),
    };
  });

  const votes = await db
    .select({ poll: polls, vote: pollVotes })
    .from(pollVotes)
    .innerJoin(polls, eq(polls.id, pollVotes.pollId))
    .where(scoped(pollVotes, accountId, sameEmail(pollVotes.email, email)))
    .orderBy(asc(pollVotes.createdAt));
  const responses = await db
    .select({ feedback: feedbacks, response: feedbackResponses })
    .from(feedbackResponses)
    .innerJoin(feedbacks, eq(feedbacks.id, feedbackResponses.feedbackId))
    .where(scoped(feedbackResponses, accountId, sameEmail(feedbackResponses.email, email)))
    .orderBy(asc(feedbackResponses.createdAt));
  const spins = await db
    .select({ wheel: wheels, spin: wheelSpins })
    .from(wheelSpins)
    .innerJoin(wheels, eq(wheels.id, wheelSpins.wheelId))
    .where(scoped(wheelSpins, accountId, sameEmail(wheelSpins.email, email)))
    .orderBy(asc(wheelSpins.createdAt));

  return {
    quizPlays,
    pollVotes: votes.map(({ poll, vote }) => ({
      pollId: poll.id,
      poll: poll.description,
      option: poll.options[vote.optionIndex] ?? null,
      email: vote.email,
      votedAt: vote.createdAt.toISOString(),
    })),
    webResponses: responses.map(({ feedback, response }) => ({
      webResponseId: feedback.id,
      title: feedback.title,
      question: feedback.question,
      answer: response.value,
      email: response.email,
      sentAt: response.createdAt.toISOString(),
    })),
    wheelSpins: spins.map(({ wheel, spin }) => ({
      wheelId: wheel.id,
      wheel: wheel.description,
      result: spin.result,
      prizeCode: spin.prizeCode,
      email: spin.email,
      phone: spin.phone,
      smsConsent: spin.smsConsent,
      spunAt: spin.createdAt.toISOString(),
    })),
  };
}

export type CustomerData = Awaited<ReturnType<typeof customerDataCollector>>;
