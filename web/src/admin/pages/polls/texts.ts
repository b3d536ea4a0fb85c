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
  optionsLocked: (votes: number) =>
    `It has ${votes === 1 ? '1 vote' : `${votes} votes`}. Status, description, email and colours can still change.`,
};

export const pollListUrl = '/app/poll/lists';
export const pollCreateUrl = '/app/poll/create';
export const pollList = { content: pollTexts.listTitle, url: pollListUrl };

export const pollUrls = {
  edit: (id: string) => `/app/poll/edit/${id}`,
  share: (id: string, slug: string) => `/app/poll/share/${id}/${encodeURIComponent(slug)}`,
  votes: (id: string) => `/app/poll/vote/${id}`,
  /** The public page (spec 2.1). */
  preview: (id: string, slug: string) => `/poll/publish/show/${id}/${encodeURIComponent(slug)}`,
};
