import { randomUUID } from 'node:crypto';
import { feedbackDefaults, pollDefaults } from '@quizlead/shared/engagement.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { Db } from '../db/client.ts';
import { feedbackResponses, feedbacks, pollVotes, polls, wheelSpins, wheels } from '../db/schema/index.ts';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** The demo account's poll, web response and wheel, each with a few submissions to look at and export. */
export async function demoWidgetSeeder(props: { db: Db; accountId: string }): Promise<void> {
  const { db, accountId } = props;

  const pollDescription = 'Which trip should we plan next summer?';
  const [poll] = await db
    .insert(polls)
    .values({
      accountId,
      description: pollDescription,
      slug: slugify(pollDescription),
      options: ['Alpine hut tour', 'Coastal kayak week', 'Desert stargazing'],
      colors: { ...pollDefaults.colors },
    })
    .returning();
  const voters = [
    ['ana@example.com', 0],
    ['ben@example.com', 1],
    ['chloe@example.com', 0],
    ['dev@example.com', 2],
    ['emma@example.com', 0],
  ] as const;
  await db.insert(pollVotes).values(
    voters.map(([email, optionIndex], index) => ({
      pollId: poll!.id,
      id: randomUUID(),
      accountId,
      optionIndex,
      email,
      createdAt: hoursAgo(48 - index * 9),
    })),
  );

  const [feedback] = await db
    .insert(feedbacks)
    .values({
      accountId,
      title: feedbackDefaults.title,
      question: feedbackDefaults.question,
      feelingType: 'emotion',
      collectEmail: true,
    })
    .returning();
  const answers = [
    ['Delighted', 'fay@example.com'],
    ['Happy', 'gus@example.com'],
    ['Neutral', 'hana@example.com'],
    ['Happy', 'ivan@example.com'],
  ] as const;
  await db.insert(feedbackResponses).values(
    answers.map(([value, email], index) => ({
      feedbackId: feedback!.id,
      id: randomUUID(),
      accountId,
      feelingType: 'emotion',
      value,
      email,
      createdAt: hoursAgo(30 - index * 7),
    })),
  );

  const wheelDescription = 'Spin to win a discount on your next adventure!';
  const options = [
    { text: '10% off', weight: 3, prizeCode: 'TRAIL10' },
    { text: 'Free shipping', weight: 2, prizeCode: 'SHIPFREE' },
    { text: 'Try again', weight: 4, prizeCode: '' },
    { text: '20% off', weight: 1, prizeCode: 'TRAIL20' },
    { text: 'Free water bottle', weight: 1, prizeCode: 'BOTTLE' },
    { text: 'No luck today', weight: 4, prizeCode: '' },
  ];
  const [wheel] = await db
    .insert(wheels)
    .values({ accountId, description: wheelDescription, slug: slugify(wheelDescription), options })
    .returning();
  const spins = [
    ['jo@example.com', 0],
    ['kai@example.com', 2],
    ['lea@example.com', 1],
  ] as const;
  await db.insert(wheelSpins).values(
    spins.map(([email, optionIndex], index) => ({
      wheelId: wheel!.id,
      id: randomUUID(),
      accountId,
      email,
      optionIndex,
      result: options[optionIndex]!.text,
      prizeCode: options[optionIndex]!.prizeCode || null,
      createdAt: hoursAgo(20 - index * 5),
    })),
  );
}
