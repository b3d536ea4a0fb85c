/**
 * What Quizlead tells the owner's ad pixels (issue 35), as the calls each pixel's own API takes. Pure, so
 * it is tested on its own (pixelEvents.test.ts); web/src/public/adPixels.ts loads the pixels and makes
 * the calls.
 *
 * Meta Pixel (https://developers.facebook.com/docs/meta-pixel/reference, "Standard Events";
 * https://developers.facebook.com/docs/meta-pixel/implementation/conversion-tracking, "Custom Events"):
 *   start       fbq('trackCustom', 'QuizleadStart', { content_name, content_category, content_ids })
 *               (no standard event means "began a quiz"; custom events take any name and parameters)
 *   lead        fbq('track', 'Lead', { content_name, content_category })
 *               (Lead: "a person submits information … e.g. a sign-up form"; value and currency optional)
 *   completion  fbq('trackCustom', 'QuizleadComplete', { content_name, content_category, outcome, value?, currency? })
 *               (no standard event means "finished a quiz, voted, spun": CompleteRegistration is a sign-up)
 * TikTok Pixel (https://ads.tiktok.com/help/article/supported-standard-events, "Supported standard events";
 * https://ads.tiktok.com/help/article/about-parameters):
 *   start       ttq.track('ViewContent', { content_id, content_name, description })
 *   lead        ttq.track('SubmitForm', { content_id, content_name, description })   ("when a visitor submits a form")
 *   completion  ttq.track('CompleteRegistration', { content_id, content_name, description: outcome, value?, currency? })
 * `value` is a number and `currency` an ISO 4217 code on both, sent only together and only when known:
 * the recommended products' total (one currency) or the prize's worth.
 */

export type PixelItemKind = 'quiz' | 'poll' | 'feedback' | 'wheel';

export interface PixelItem {
  kind: PixelItemKind;
  id: string;
  title: string;
}

export interface PixelValue {
  amount: number;
  currency: string;
}

export type PixelEvent =
  | { name: 'start'; item: PixelItem }
  | { name: 'lead'; item: PixelItem }
  | { name: 'completion'; item: PixelItem; outcome: string; value?: PixelValue | null };

export type PixelParams = Record<string, string | number | string[]>;
export type MetaCall = ['track' | 'trackCustom', string, PixelParams];
export type TiktokCall = [string, PixelParams];

const text = (value: string) => value.slice(0, 200);

const valueParams = (value: PixelValue | null | undefined): PixelParams =>
  value && Number.isFinite(value.amount) && value.amount > 0 && /^[A-Z]{3}$/.test(value.currency)
    ? { value: Math.round(value.amount * 100) / 100, currency: value.currency }
    : {};

export function metaCall(event: PixelEvent): MetaCall {
  const about = { content_name: text(event.item.title), content_category: event.item.kind };
  if (event.name === 'start') return ['trackCustom', 'QuizleadStart', { ...about, content_ids: [event.item.id] }];
  if (event.name === 'lead') return ['track', 'Lead', about];
  return ['trackCustom', 'QuizleadComplete', { ...about, outcome: text(event.outcome), ...valueParams(event.value) }];
}

export function tiktokCall(event: PixelEvent): TiktokCall {
  const about = { content_id: event.item.id, content_name: text(event.item.title) };
  if (event.name === 'start') return ['ViewContent', { ...about, description: event.item.kind }];
  if (event.name === 'lead') return ['SubmitForm', { ...about, description: event.item.kind }];
  return ['CompleteRegistration', { ...about, description: text(event.outcome), ...valueParams(event.value) }];
}

/** The recommended products' total, when they have prices in one currency; null otherwise. */
export function productsValue(products: readonly { price: string; currency: string }[]): PixelValue | null {
  if (products.length === 0) return null;
  const currency = products[0]!.currency;
  if (products.some((product) => product.currency !== currency)) return null;
  const amount = products.reduce((sum, product) => sum + Number(product.price), 0);
  return Number.isFinite(amount) && amount > 0 ? { amount, currency } : null;
}
