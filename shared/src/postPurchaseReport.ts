/**
 * The post-purchase survey report (issue 36): its texts, surfaces, columns and limits, defined once for
 * the schema, the server, the admin page and the tests. Zod-free, so any bundle may import it.
 */

/** Where the buyer answered: the checkout's Thank you page or the customer account's order status page. */
export const postPurchaseSurfaces = ['thank_you', 'order_status'] as const;
export type PostPurchaseSurface = (typeof postPurchaseSurfaces)[number];

export const postPurchaseSurfaceLabels: Record<PostPurchaseSurface, string> = {
  thank_you: 'Thank you page',
  order_status: 'Order status page',
};

export const postPurchaseReportLimits = {
  /** A sales channel as Shopify names it (`source_name`: web, pos, an app's id). */
  channelMaxLength: 100,
  /** The channel filter lists at most this many of the shop's channels. */
  channelOptions: 50,
} as const;

export const postPurchaseReportMessages = {
  title: 'Post-purchase survey',
  subtitle: 'What buyers answered on the Thank you and order status pages, with the orders and revenue behind each answer',
  loading: 'Loading the post-purchase survey…',
  emptyHelp: 'No answers yet — place the Post-purchase survey block on your Thank you page',
  emptyHow:
    'Add it in the checkout editor, and to the Order status page in the customer accounts editor. Answers show here as buyers give them.',
  emptyFiltered: 'No answers match these filters. Try another date range, page or channel.',
  answersTitle: 'Answers',
  overTimeTitle: 'Answers over time',
  byChannelTitle: 'By sales channel',
  allSurfaces: 'All pages',
  allChannels: 'All channels',
  surface: 'Page',
  channel: 'Sales channel',
  unknownChannel: 'Order not received yet',
  pendingOrdersHelp:
    'Answers whose order Shopify has not reported yet count as answers, with unknown revenue, until its orders/create webhook arrives.',
  revenueHelp:
    'Revenue is the total of each answered order as Shopify reported it on creation (tax and shipping included), paid or not; average order value is revenue ÷ orders, rounded half up to the cent.',
  exportAnswers: 'Export answers',
  exportTable: 'Export table',
  answer: 'Answer',
  answers: 'Answers',
  share: 'Share',
  orders: 'Orders',
  revenue: 'Revenue',
  averageOrderValue: 'Average order value',
  newCustomers: 'New',
  returningCustomers: 'Returning',
  responseRate: 'Response rate',
  newVsReturning: 'New vs returning',
} as const;

/** The per-answer table's export columns, in order (one row per answer and currency). */
export const postPurchaseSummaryColumns = [
  'Answer',
  'Answers',
  'Share (%)',
  'Orders',
  'Orders not received yet',
  'Revenue',
  'Currency',
  'Average order value',
  'New customers',
  'Returning customers',
  'Customer not known',
] as const;

/** The raw answers' export columns, in order (one row per answer, newest first). */
export const postPurchaseAnswerColumns = [
  'Order',
  'Date',
  'Page',
  'Answer',
  'Other text',
  'Revenue',
  'Currency',
  'Customer',
  'Channel',
] as const;

/** The Customer column's words. */
export const customerKindLabels = { new: 'New', returning: 'Returning' } as const;

/** Shopify's names of its own sales channels (`source_name`); an app's channel keeps the name Shopify gives it. */
const channelNames: Record<string, string> = {
  web: 'Online Store',
  pos: 'Point of Sale',
  shopify_draft_order: 'Draft orders',
  iphone: 'Shopify app (iPhone)',
  android: 'Shopify app (Android)',
};

export const salesChannelLabel = (sourceName: string) => channelNames[sourceName] ?? sourceName;
