import { adminLink } from '../../urls.ts';
import { counted } from '@quizlead/shared/plural.ts';

/** Poll screens: words the spec does not give (the rest are in shared/src/engagement.ts). */
export const pollTexts = {
  listTitle: 'Polls',
  createTitle: 'Create Poll',
  editTitle: 'Edit Poll',
  votesTitle: 'Poll Votes',
  resultsTitle: 'Results',
  thing: 'Poll',
  buildButton: 'Build Your Poll',
  created: 'Poll created successfully.',
  updated: 'Poll updated successfully.',
  deleteTitle: 'Delete poll',
  noVotes: 'No votes yet.',
  createButton: 'Create Poll',
  updateButton: 'Update Poll',
  optionsLocked: (votes: number) => `It has ${counted(votes, 'vote')}. Status, description, email and colours can still change.`,
};

/** The back action to the list. */
export const pollList = () => adminLink(pollTexts.listTitle, 'poll/lists');

export const pollUrls = {
  /** The public page (spec 2.1); the admin's screens are in urls.ts. */
  preview: (id: string, slug: string) => `/poll/publish/show/${id}/${encodeURIComponent(slug)}`,
};
