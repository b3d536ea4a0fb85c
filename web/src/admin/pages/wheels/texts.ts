import { adminLink } from '../../urls.ts';
import { counted } from '@quizlead/shared/plural.ts';

/** Wheel spinner screens: words the spec does not give (the rest are in shared/src/engagement.ts). */
export const wheelTexts = {
  listTitle: 'Wheel Spins',
  createTitle: 'Create Wheel Spin',
  editTitle: 'Edit Wheel Spin',
  spinsTitle: 'Wheel Spin Results',
  thing: 'Wheel spin',
  created: 'Wheel spin created successfully.',
  updated: 'Wheel spin updated successfully.',
  deleteTitle: 'Delete wheel spin',
  noSpins: 'No spins yet.',
  createButton: 'Create Wheel Spin',
  updateButton: 'Update Wheel Spin',
  ignoreEmailTagsLabel: 'Treat name+tag@domain as name@domain',
  ignoreEmailTagsHelp: {
    on: 'One spin per inbox: sam+1@example.com counts as sam@example.com, and dots in Gmail addresses are ignored.',
    off: 'Every spelling of an address spins on its own: sam+1@example.com and sam@example.com spin once each.',
  },
  askPhoneLabel: 'Ask for a phone number',
  askPhoneHelp: {
    on: 'With the email: an optional phone field and its own unticked SMS consent box. Klaviyo, Shopify customers and CRMs that take phones get it.',
    off: 'The form before a spin asks for the email only.',
  },
  smsConsentTextLabel: 'SMS consent text',
  smsConsentTextHelp: 'Shown beside the SMS consent checkbox: your legal text for marketing text messages.',
};

/** The list's columns before Action (the spec names only the description and date). */
export const wheelListColumns = ['Description', 'Created Date', 'Status', 'Spins'] as const;

/** The back action to the list. */
export const wheelList = () => adminLink(wheelTexts.listTitle, 'wheel_spinner/lists');

export const wheelUrls = {
  /** The public page (spec 2.1); the admin's screens are in urls.ts. */
  preview: (id: string, slug: string) => `/wheelspin/publish/show/${id}/${encodeURIComponent(slug)}`,
};

/** A slice's prize: a static code, or (Shopify shops) unique single-use discount codes, and the margin guard. */
export const prizeTexts = {
  label: 'Prize',
  kinds: { static: 'Static code', unique: 'Unique Shopify code' },
  staticCode: 'Prize code',
  staticHelp: 'The same code for everyone who lands here (optional).',
  uniqueHelp: 'Each winner gets a single-use code of their own, made in your Shopify discounts.',
  checking: 'Checking whether unique codes are available…',
  checkFailed: 'Could not check whether this shop can give unique codes.',
  retry: 'Try again',
  valueType: 'Discount',
  valueTypes: { percentage: 'Percentage off', fixed_amount: 'Amount off' },
  value: 'Value',
  amountHelp: 'In your shop’s currency, off the whole order.',
  percentHelp: 'Off the whole order.',
  expiry: 'Expires after (days)',
  expiryHelp: 'Empty: never. Each code works at least this many days after it is won.',
  combinesWith: 'Combines with',
  combines: { orderDiscounts: 'Order discounts', productDiscounts: 'Product discounts', shippingDiscounts: 'Shipping discounts' },
  chance: (percent: string) => `Chance ${percent}`,
  pool: {
    pending: 'Codes are being prepared',
    ready: (left: number, given: number) => `${counted(left, 'code')} ready, ${given} given`,
    failed: 'Shopify refused the discount',
    saveToRetry: 'Save the wheel to try again.',
    saved: 'Codes are made once you save.',
  },
  marginTitle: 'Expected cost per 100 spins',
  marginHelp: 'If every code given is used. Static codes are your own and not counted.',
  averageOrderValue: 'Average order value',
  averageOrderValueHelp: 'What an order in your shop usually comes to, for percentage prizes. Not saved.',
  needsAverage: 'Enter your average order value to see what percentage prizes cost.',
  noUnique: 'Give a slice unique Shopify codes to see what they cost.',
  sliceCost: (text: string, chance: string, each: string | null) =>
    each === null ? `${text}: ${chance} of spins` : `${text}: ${chance} of spins, ${each} a code`,
};
