import { adminLink } from '../../urls.ts';

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

/** The back action to the list. */
export const feedbackList = () => adminLink(feedbackTexts.listTitle, 'FeedbackLists');

export const feedbackUrls = {
  /** The public page (spec 2.1); the admin's screens are in urls.ts. */
  preview: (id: string) => `/feedback/preview/${id}`,
};
