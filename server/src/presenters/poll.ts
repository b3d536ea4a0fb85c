import { withPublicI18n } from './publicI18n.ts';
import { publicAdPixels } from './adPixels.ts';
import type { TPoll, TPollListRow, TPollTally, TPollVoteRow, TPublicPoll } from '@quizlead/shared/schemas/poll.ts';
import type { PublicOwner } from '../db/queries/owner.ts';
import type { PollVoteRow } from '../db/queries/polls.ts';
import type { PollRow } from '../policies/poll.ts';

const status = (poll: PollRow) => (poll.published ? 'published' : 'unpublished');

export const presentPoll = (poll: PollRow, totalVotes: number): TPoll => ({
  id: poll.id,
  slug: poll.slug,
  description: poll.description,
  options: poll.options,
  status: status(poll),
  collectEmail: poll.collectEmail,
  allowRepeatVotes: poll.allowRepeatVotes,
  colors: { background: poll.colors.background, text: poll.colors.text },
  expiresAt: poll.expiresAt?.toISOString() ?? null,
  metaPixelId: poll.metaPixelId,
  tiktokPixelId: poll.tiktokPixelId,
  totalVotes,
  createdAt: poll.createdAt.toISOString(),
  updatedAt: poll.updatedAt.toISOString(),
});

export const presentPollRow = (poll: PollRow, totalVotes: number): TPollListRow => ({
  id: poll.id,
  slug: poll.slug,
  description: poll.description,
  status: status(poll),
  totalVotes,
  createdAt: poll.createdAt.toISOString(),
});

export const presentPollVote = (poll: Pick<PollRow, 'options'>, vote: PollVoteRow): TPollVoteRow => ({
  id: vote.id,
  option: vote.optionIndex,
  vote: poll.options[vote.optionIndex] ?? '',
  email: vote.email,
  date: vote.createdAt.toISOString(),
  language: vote.language,
});

export const isPollClosed = (poll: Pick<PollRow, 'expiresAt'>, now = new Date()) =>
  poll.expiresAt !== null && poll.expiresAt.getTime() <= now.getTime();

/** What a visitor sees; the owner's demo preview always asks for the email and loads no ad pixel. */
export const presentPublicPoll = (poll: PollRow, results: TPollTally, demo: boolean, owner: PublicOwner): TPublicPoll =>
  withPublicI18n('poll', poll.i18n, {
    id: poll.id,
    ownerMode: owner.mode,
    footerLinks: owner.footerLinks,
    slug: poll.slug,
    description: poll.description,
    options: poll.options,
    colors: { background: poll.colors.background, text: poll.colors.text },
    collectEmail: poll.collectEmail || demo,
    demo,
    closed: isPollClosed(poll),
    results,
    ...publicAdPixels(poll, owner.adPixels, demo),
  });
