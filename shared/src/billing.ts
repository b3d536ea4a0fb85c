/**
 * Plans, payments and invoices of standalone accounts (spec: account-player-management.md §2 Plans and
 * Invoices, §8, §9): the periods an owner can buy, the texts the Plans and Invoices screens show, and
 * the limits the server checks. Amounts travel in integer cents; only the screens format them.
 */

/** What a payment buys: one month, or twelve months at a discount. */
export const billingPeriods = ['monthly', 'yearly'] as const;
export type TBillingPeriod = (typeof billingPeriods)[number];

/** The 12-month option: twelve monthly prices less this percentage (§9). */
export const yearlyDiscountPercent = 12;

export const billingPeriodMonths: Record<TBillingPeriod, number> = { monthly: 1, yearly: 12 };

/** The Plans page's tabs. */
export const billingPeriodLabels: Record<TBillingPeriod, string> = {
  monthly: 'Monthly',
  yearly: `12 Month (-${yearlyDiscountPercent}%)`,
};

/** How a period reads on a checkout or an invoice. */
export const billingPeriodNames: Record<TBillingPeriod, string> = {
  monthly: '1 month',
  yearly: '12 months',
};

export const billingLimits = {
  /** Reminder emails go this many days before a paid period ends. */
  reminderDaysBefore: [7, 1] as const,
  /** A plan that is already active can be bought again (as a renewal) this close to its end. */
  renewWithinDays: 7,
  discountCodeLength: 40,
  planNameLength: 60,
  planDescriptionLength: 5000,
  /** The highest price a plan can have, in cents, per month. */
  maxMonthlyPriceCents: 1_000_000,
} as const;

export const discountKinds = ['percent', 'amount'] as const;
export type TDiscountKind = (typeof discountKinds)[number];

/**
 * created: sent to PayPal, waiting for the owner's approval; completed: captured (or nothing was due);
 * failed: declined or refused (PayPal's message kept); cancelled: the owner left PayPal's page;
 * refunded: paid, then refunded on PayPal.
 */
export const paymentStatuses = ['created', 'completed', 'failed', 'cancelled', 'refunded'] as const;
export type TPaymentStatus = (typeof paymentStatuses)[number];

export const invoiceStatuses = ['paid', 'refunded'] as const;
export type TInvoiceStatus = (typeof invoiceStatuses)[number];

export const invoiceStatusLabels: Record<TInvoiceStatus, string> = { paid: 'Paid', refunded: 'Refunded' };

export const billingMessages = {
  paymentSucceeded: 'Your payment is successful.',
  paymentFailedTitle: 'Payment failed',
  paymentCancelled: 'You cancelled the payment on PayPal, so nothing was charged.',
  paymentPending: 'PayPal has not confirmed your payment yet. Your plan starts as soon as it does.',
  planAlreadyActive: 'Selected plan is already active for your account.',
  freePlan: 'This is a free plan for ever. Enjoy it!!',
  plansLoadFailed: 'An error has occurred. Please refresh the page.',
  planMissing: 'An error has occurred. Please try again!!',
  discountCodeRequired: 'Discount code cannot be null or empty.',
  discountCodeUnknown: 'This discount code is not valid.',
  discountCodeNotYet: 'This discount code is not valid yet.',
  discountCodeExpired: 'This discount code has expired.',
  discountCodeUsedUp: 'This discount code has been used up.',
  discountCodeUsedByYou: 'You have already used this discount code.',
  discountCodeOtherPlan: 'This discount code is not valid for this plan.',
  /** The code is only valid for the other period: `allowed` is the one it is for. */
  discountCodeOtherPeriod: (allowed: TBillingPeriod) =>
    `This discount code is only valid when paying ${allowed === 'monthly' ? 'monthly' : 'for 12 months'}.`,
  discountApplied: (saving: string) => `Discount code applied: you save ${saving}.`,
  downgradeNotYet: (endsOn: string) =>
    `Your current plan is worth more than this one for the time it has left. You can switch to it after ${endsOn}.`,
  nextPeriodPaid: 'Your next period is already paid for. You can change plans once it has begun.',
  paypalUnreachable: 'PayPal could not be reached. Nothing was charged: please try again in a moment.',
  paymentRefunded: 'This payment was refunded.',
  paymentDenied: 'PayPal declined the payment.',
  paymentsUnavailable: 'Payments are not set up on this server yet. Please try again later.',
  invoicesEmpty: 'There are no records to show!!',
  invoicesLoadFailed: 'Your invoices could not be loaded. Please refresh the page.',
} as const;

/** Formats cents as the screens and invoices show money: "USD 1,234.50" style with the symbol for USD. */
export function formatMoney(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A day as messages, screens and invoices write it: "24 Nov 2026" (UTC, the day periods are counted in). */
export function formatDay(value: Date | string): string {
  const date = new Date(value);
  return `${date.getUTCDate()} ${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
