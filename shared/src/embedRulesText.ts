/**
 * The words of an embed's audience and frequency rules (issue 35; ./embedRules.ts): the share page's
 * labels and the plain-language summary beside the code ("Shown to returning visitors on mobile from the
 * newsletter campaign, at most once every 7 days").
 */
import type { EmbedRules } from './embedRules.ts';

export const embedRuleLabels = {
  heading: 'Who sees it and how often',
  intro: 'Every rule you set must hold. Rules are checked in the visitor’s browser before anything else loads.',
  visitor: 'Visitors',
  visitorOptions: { any: 'All visitors', new: 'New visitors (first visit)', returning: 'Returning visitors' },
  device: 'Device',
  deviceOptions: { any: 'Any device', mobile: 'Mobile', desktop: 'Desktop' },
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utmHelp: 'As in the address of the visitor’s first page of the visit, e.g. utm_campaign=newsletter.',
  referrer: 'Coming from the site',
  referrerHelp: 'A domain such as google.com (its subdomains count too).',
  landing: 'Landing page',
  landingHelp: 'The path of the visit’s first page, e.g. /collections/sale; end it with * for every path under it.',
  country: 'Countries',
  countryHelp: 'Two-letter country codes separated by commas, e.g. DE, AT, CH. One small request finds the visitor’s country.',
  from: 'Show from',
  until: 'Show until',
  scheduleHelp: (timeZone: string) => `In your time zone (${timeZone}).`,
  cartMin: 'Cart value at least',
  cartMax: 'Cart value at most',
  itemsMin: 'Items in cart at least',
  itemsMax: 'Items in cart at most',
  cartHelp: 'Shopify storefronts only: the cart is read when the page opens.',
  everyDays: 'At most once every (days)',
  everyDaysHelp: 'Leave empty to show it once per visitor, or on every visit.',
  onceReplaced: 'Replaced by the days between showings below.',
  converted: 'Not again once the visitor has converted (left their details, voted or spun)',
  dismissals: 'Not again after this many closes',
  dismissalsHelp: 'Leave empty for no limit.',
  summaryLabel: 'Who sees it',
} as const;

const quoted = (value: string) => `“${value}”`;
const range = (value: string) => value.split('-').map((end) => end.trim());

/** The rules in a sentence; `once` is the once-per-visitor cap (data-once), `timeZone` the owner's. */
export function describeEmbedRules(rules: EmbedRules, options: { once: boolean; overlay: boolean; timeZone: string }): string {
  const who =
    rules.customer === 'logged_in'
      ? 'logged-in customers'
      : rules.customer === 'guest'
        ? 'guests'
        : rules.visitor === 'new'
          ? 'new visitors'
          : rules.visitor === 'returning'
            ? 'returning visitors'
            : 'all visitors';
  const parts: string[] = [`Shown to ${who}`];
  if (rules.customer && rules.visitor) parts[0] += rules.visitor === 'new' ? ' on their first visit' : ' who have visited before';
  if (rules.tags)
    parts.push(
      `tagged ${rules.tags
        .split(',')
        .map((tag) => quoted(tag.trim()))
        .join(' or ')}`,
    );
  if (rules.device) parts.push(`on ${rules.device}`);
  if (rules.utm_source) parts.push(`from the ${quoted(rules.utm_source)} source`);
  if (rules.utm_medium) parts.push(`through the ${quoted(rules.utm_medium)} medium`);
  if (rules.utm_campaign) parts.push(`from the ${quoted(rules.utm_campaign)} campaign`);
  if (rules.referrer) parts.push(`coming from ${rules.referrer}`);
  if (rules.landing) parts.push(`who landed on ${rules.landing}`);
  if (rules.country)
    parts.push(
      `in ${rules.country
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .join(', ')}`,
    );
  if (rules.cart) {
    const [min, max] = range(rules.cart);
    parts.push(
      min && max ? `with a cart of ${min} to ${max}` : min ? `with a cart of at least ${min}` : `with a cart of at most ${max}`,
    );
  }
  if (rules.items) {
    const [min, max] = range(rules.items);
    parts.push(
      min && max
        ? `with ${min} to ${max} items in the cart`
        : min
          ? `with at least ${min} items in the cart`
          : `with at most ${max} items in the cart`,
    );
  }
  const when = (instant: string) => {
    const date = new Date(instant);
    return Number.isNaN(date.getTime())
      ? instant
      : date.toLocaleString('en-GB', { timeZone: options.timeZone, dateStyle: 'medium', timeStyle: 'short' });
  };
  if (rules.from) parts.push(`from ${when(rules.from)}`);
  if (rules.until) parts.push(`until ${when(rules.until)}`);
  let sentence = parts.join(' ');
  if (options.overlay) {
    const often: string[] = [];
    if (Number(rules.every) > 0) often.push(`at most once every ${rules.every === '1' ? 'day' : `${rules.every} days`}`);
    else if (options.once) often.push('once per visitor');
    if (rules.converted === 'stop') often.push('not again once they have converted');
    if (Number(rules.dismissals) > 0)
      often.push(`not again after ${rules.dismissals === '1' ? 'one close' : `${rules.dismissals} closes`}`);
    if (often.length) sentence += `, ${often.join(', ')}`;
  }
  return `${sentence}.`;
}
