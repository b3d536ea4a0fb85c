import type { PostPurchaseAudience } from '@quizlead/shared/schemas/postPurchase.ts';

/** Settings → Post-purchase survey (issue 36): the merchant's words for the survey on the thank-you and order status pages. */
export const postPurchaseTexts = {
  title: 'Post-purchase survey',
  description: 'Ask buyers one question on the Thank you and Order status pages.',
  intro:
    'Pick a poll or a web response to ask after checkout. Then add the “Post-purchase survey” block in Shopify: Settings → Checkout → Customize (Thank you page) and Settings → Customer accounts → Customize (Order status page).',
  empty: 'Create a poll or web response first',
  emptyHelp: 'The survey asks one of your polls or web responses. Create one, then come back to pick it.',
  createPoll: 'Create a poll',
  createFeedback: 'Create a web response',
  item: 'Question to ask',
  itemPlaceholder: 'Choose a poll or web response',
  itemLabel: (kind: 'poll' | 'feedback', title: string) => `${kind === 'poll' ? 'Poll' : 'Web response'}: ${title}`,
  audience: 'Who is asked',
  audiences: {
    all: 'Every customer',
    new: 'New customers (their first order)',
    returning: 'Returning customers',
  } satisfies Record<PostPurchaseAudience, string>,
  audienceHelp: 'New or returning is known once Shopify has sent the app the order.',
  minOrder: 'Minimum order value',
  maxOrder: 'Maximum order value',
  rangeHelp: (currency: string | null) =>
    currency
      ? `In your shop’s currency (${currency}). Leave empty for no limit.`
      : 'In your shop’s currency. Leave empty for no limit.',
  amountInvalid: 'Enter an amount such as 25 or 19.99.',
  oncePerCustomer: 'Ask each customer only once',
  oncePerCustomerHelp: 'A signed-in customer who answered is not asked again on later orders.',
  enabled: 'Show the survey',
  save: 'Save survey',
  saved: 'Post-purchase survey saved',
  loadFailed: 'The post-purchase survey could not be loaded',
  chooseItem: 'Choose the poll or web response to ask.',
} as const;
