/** Web response screens: words the spec does not give (the rest are in shared/src/engagement.ts). */
export const feedbackTexts = {
  listTitle: 'Web Responses',
  createTitle: 'Create Web Response',
  editTitle: 'Edit Web Response',
  responsesTitle: 'Responses',
  thing: 'Web response',
  created: 'Your web response has been created.',
  deleteTitle: 'Delete web response',
  noResponses: 'No responses yet.',
};

export const feedbackListUrl = '/app/FeedbackLists';
export const feedbackCreateUrl = '/app/Feedback';
export const feedbackList = { content: feedbackTexts.listTitle, url: feedbackListUrl };

export const feedbackUrls = {
  edit: (id: string) => `/app/Feedback/Edit/${id}`,
  share: (id: string) => `/app/Feedback/share/${id}`,
  responses: (id: string) => `/app/Feedback/response/${id}`,
  /** The public page (spec 2.1). */
  preview: (id: string) => `/feedback/preview/${id}`,
};
