/**
 * The Plans screen's own words. The spec's messages (free plan, plan already active, payment outcomes,
 * discount code errors…) and the tab labels are in shared/src/billing.ts, shared with the server.
 */
export const planTexts = {
  title: 'Plans',
  intro: 'All features included, with unlimited questions, quizzes, polls and feedback.',
  yourPlan: 'Your plan',
  onFreePlan: (plan: string) => `You are on the ${plan} plan.`,
  onPaidPlan: (plan: string, until: string) => `You are on ${plan}, paid until ${until}.`,
  renewedUntil: (until: string) => `Your next period is already paid for, until ${until}.`,
  plansList: 'Plans to choose from',
  periods: 'Billing period',
  currentBadge: 'Current plan',
  perMonth: '/month',
  billedMonthly: 'billed every month',
  billedYearly: (amount: string) => `billed ${amount} every 12 months`,
  choose: (plan: string) => `Choose ${plan}`,
  loading: 'Loading the plans…',
} as const;

export const checkoutTexts = {
  title: 'Checkout',
  plan: 'Plan',
  period: 'Period',
  dates: (start: string, end: string) => `${start} – ${end}`,
  renewal: 'Starts when your current period ends.',
  discountCode: 'Discount code',
  apply: 'Apply',
  remove: 'Remove',
  removeCode: (code: string) => `Remove discount code ${code}`,
  price: 'Price',
  discount: (code: string | null) => (code ? `Discount (${code})` : 'Discount'),
  credit: 'Credit for unused time',
  tax: (percent: number) => `Tax (${percent}%)`,
  total: 'Total',
  lines: 'What you pay',
  payWithPayPal: 'Pay with PayPal',
  startPlan: 'Start plan',
  paypalNote: 'You approve the payment on PayPal’s page and come back here.',
  nothingDue: 'Nothing is due: your plan starts at once.',
  back: 'Back to plans',
  updating: 'Updating the total…',
} as const;

export const paymentReturnTexts = {
  confirming: 'Confirming your payment…',
  notConfirmedTitle: 'Your payment could not be confirmed',
  checkAgain: 'Check again',
  tryAgain: 'Try again',
  dismiss: 'Dismiss',
} as const;
