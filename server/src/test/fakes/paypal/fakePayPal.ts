import { generateKeyPairSync, randomBytes, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { ExternalFake, ExternalReply, ExternalRequest } from '../externalWorld.ts';
import {
  captureRequestErrors,
  issueDescription,
  orderRequestErrors,
  verifyWebhookSignatureErrors,
  type PayPalErrorDetail,
} from './paypalSchemas.ts';

/**
 * PayPal's sandbox as crm-webhooks-payments.md C1–C2 and PayPal's OpenAPI documents describe it, for
 * FakeExternalWorld: `world.register(/^(api-m|www)\.sandbox\.paypal\.com$/, new FakePayPal())`.
 * - api-m.sandbox.paypal.com: `POST /v1/oauth2/token` (Basic client credentials), then with a live
 *   Bearer token `POST /v2/checkout/orders` (body checked against `order_request`, then the amount
 *   rules on exact cents; `PayPal-Request-Id` replays answer 200), `GET /v2/checkout/orders/{id}`,
 *   `POST /v2/checkout/orders/{id}/capture` and `POST /v1/notifications/verify-webhook-signature`.
 * - www.sandbox.paypal.com: the payer's approval page `GET /checkoutnow?token=`, whose "Pay Now" and
 *   "Cancel and return to merchant" forms POST to `/checkoutnow/approve|cancel` and answer 303 to the
 *   order's return or cancel URL.
 * - Webhooks as PayPal sends them (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED/PENDING/DENIED/
 *   REFUNDED), signed SHA256withRSA over `transmissionId|time|webhookId|crc32(body)` with a key pair of
 *   this fake's own, to the URL given to `listen`.
 * Chosen where PayPal documents nothing: a bad Bearer token always answers AUTHENTICATION_FAILURE with
 * one detail; a non-JSON Content-Type answers 415 UNSUPPORTED_MEDIA_TYPE; every token request issues
 * a fresh token.
 */

export type PayPalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
export type PayPalCaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

const breakdownFields = [
  'item_total',
  'tax_total',
  'shipping',
  'handling',
  'insurance',
  'shipping_discount',
  'discount',
] as const;
type BreakdownField = (typeof breakdownFields)[number];

export interface PayPalItem {
  name: string;
  quantity: string;
  unit_amount: PayPalMoney;
  tax?: PayPalMoney;
  [field: string]: unknown;
}

/** A purchase unit as the order request gave it (after the schema check). */
export interface PayPalPurchaseUnit {
  reference_id?: string;
  amount: PayPalMoney & { breakdown?: Partial<Record<BreakdownField, PayPalMoney>> };
  items?: PayPalItem[];
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  [field: string]: unknown;
}

interface ExperienceContext {
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  locale?: string;
}

interface OrderRequest {
  intent: 'CAPTURE' | 'AUTHORIZE';
  purchase_units: PayPalPurchaseUnit[];
  payment_source?: { paypal?: { experience_context?: ExperienceContext } };
  application_context?: ExperienceContext;
}

export interface FakePayPalPayer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
  address: { country_code: string };
}

/** A capture as PayPal presents it (its links are added when answered). */
export interface FakePayPalCapture {
  id: string;
  status: PayPalCaptureStatus;
  status_details?: { reason: string };
  amount: PayPalMoney;
  final_capture: boolean;
  seller_protection: { status: string; dispute_categories: string[] };
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
}

export interface FakePayPalRefund {
  id: string;
  status: 'COMPLETED';
  amount: PayPalMoney;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
}

/** A purchase unit as stored: the request's, with PayPal's reference_id default, payee and payments. */
export interface FakePayPalPurchaseUnit extends PayPalPurchaseUnit {
  reference_id: string;
  payee: { email_address: string; merchant_id: string };
  payments: { captures: FakePayPalCapture[] };
}

/** An order as stored, in PayPal's shape (`payments` is always there; answers leave it out while empty). */
export interface FakePayPalOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: PayPalOrderStatus;
  purchase_units: [FakePayPalPurchaseUnit, ...FakePayPalPurchaseUnit[]];
  payer?: FakePayPalPayer;
  create_time: string;
  update_time?: string;
}

/** What the create request said about the payer's way through PayPal, kept beside the order. */
export interface FakePayPalCheckout {
  /** The create request's body, as parsed. */
  request: Record<string, unknown>;
  /** The create call's PayPal-Request-Id. */
  requestId?: string;
  /** `payer-action` when created with payment_source.paypal (PAYER_ACTION_REQUIRED), else `approve`. */
  approvalRel: 'payer-action' | 'approve';
  returnUrl?: string;
  cancelUrl?: string;
  brandName?: string;
}

export interface PayPalLink {
  href: string;
  rel: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
}

export interface PayPalWebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: PayPalLink[];
}

/** One transmission of an event: the exact body bytes and PayPal's headers. */
export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface WebhookDelivery {
  event: PayPalWebhookEvent;
  /** The endpoint's HTTP status; 0 when the request failed (connection refused, timeout). */
  status: number;
  transmissionId: string;
  /** Sent again by `resend`. */
  redelivery: boolean;
  error?: string;
}

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  /** The id of the app's webhook as registered in the developer dashboard. */
  webhookId?: string;
  tokenLifetimeSeconds?: number;
}

export const paypalApiHost = 'api-m.sandbox.paypal.com';
export const paypalWebHost = 'www.sandbox.paypal.com';
/** PayPal's HATEOAS links and cert URLs name api.sandbox.paypal.com, not api-m. */
const linkOrigin = 'https://api.sandbox.paypal.com';
const webOrigin = `https://${paypalWebHost}`;

const merchant = { email_address: 'sb-merchant@business.example.com', merchant_id: 'C7CYMKZDG8D6E' };
const sellerProtection = { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] };

/** PayPal's currencies (developer.paypal.com currency codes); HUF, JPY and TWD take no decimals. */
const currencies = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(' '),
);
const zeroDecimalCurrencies = new Set(['HUF', 'JPY', 'TWD']);

const messages = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  AUTHENTICATION_FAILURE: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  UNSUPPORTED_MEDIA_TYPE: 'The server does not support the request payload’s media type.',
  METHOD_NOT_SUPPORTED: 'The server does not implement the requested HTTP method.',
} as const;

type Answer = { status: number; headers?: Record<string, string>; body?: string | object };
/** The connection is dropped instead of answering. */
type Dropped = { destroy: true };

const upperAlphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomString(length: number, alphabet = upperAlphanumerics): string {
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

const debugId = (): string => randomBytes(7).toString('hex').slice(0, 13);
/** RFC 3339 to the second, as PayPal writes its times. */
const now = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function paypalError(
  status: number,
  name: keyof typeof messages,
  details?: PayPalErrorDetail[],
  links: PayPalLink[] = [],
): Answer {
  return {
    status,
    body: { name, message: messages[name], debug_id: debugId(), ...(details ? { details } : {}), links },
  };
}

const informationLink = (issue: string): PayPalLink => ({
  href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
  rel: 'information_link',
  method: 'GET',
});

function unprocessable(issue: string, detail: Partial<PayPalErrorDetail> = {}, links: PayPalLink[] = []): Answer {
  const description = detail.description ?? issueDescription(issue) ?? issue;
  return paypalError(422, 'UNPROCESSABLE_ENTITY', [{ ...detail, issue, description }], [...links, informationLink(issue)]);
}

const money = (amount: PayPalMoney): string => `${amount.value} ${amount.currency_code}`;

const isJson = (request: ExternalRequest): boolean => /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

// ---- exact money arithmetic, in the currency's minor units ----

const decimalsOf = (currency: string): number => (zeroDecimalCurrencies.has(currency) ? 0 : 2);

function fractionDigits(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** `value` (at most `places` decimals, PayPal's money pattern) in minor units. */
function minorUnits(value: string, places: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt(`${whole || '0'}${fraction.padEnd(places, '0')}`);
  return negative ? -units : units;
}

function formatMinor(units: bigint, places: number): string {
  const digits = units.toString().padStart(places + 1, '0');
  return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * The amount rules of one purchase unit (orders document `422`: currency, precision, sign, totals),
 * on exact minor units; an empty list when the unit passes. Exported for property tests of order builders.
 */
export function amountIssues(unit: PayPalPurchaseUnit): PayPalErrorDetail[] {
  const detail = (issue: string, path: string, value?: string): PayPalErrorDetail => ({
    field: `/purchase_units/@reference_id=='${unit.reference_id ?? 'default'}'/${path}`,
    ...(value === undefined ? {} : { value }),
    location: 'body',
    issue,
    description: issueDescription(issue) ?? issue,
  });
  const { amount } = unit;
  const currency = amount.currency_code;
  const breakdown = amount.breakdown;
  const items = unit.items ?? [];
  const monies: [string, PayPalMoney][] = [
    ['amount', amount],
    ...breakdownFields.flatMap((field): [string, PayPalMoney][] =>
      breakdown?.[field] ? [[`amount/breakdown/${field}`, breakdown[field]]] : [],
    ),
    ...items.flatMap((item, index): [string, PayPalMoney][] => [
      [`items/${index}/unit_amount`, item.unit_amount],
      ...(item.tax ? [[`items/${index}/tax`, item.tax] as [string, PayPalMoney]] : []),
    ]),
  ];

  if (!currencies.has(currency)) return [detail('INVALID_CURRENCY_CODE', 'amount/currency_code', currency)];
  const otherCurrency = monies.filter(([, money]) => money.currency_code !== currency);
  if (otherCurrency.length > 0) {
    return otherCurrency.map(([path, money]) => detail('INVALID_CURRENCY_CODE', `${path}/currency_code`, money.currency_code));
  }
  const places = decimalsOf(currency);
  const imprecise = monies.filter(([, money]) => fractionDigits(money.value) > places);
  if (imprecise.length > 0) return imprecise.map(([path, money]) => detail('DECIMAL_PRECISION', `${path}/value`, money.value));
  const minor = (money: PayPalMoney | undefined): bigint => (money ? minorUnits(money.value, places) : 0n);

  if (minor(amount) <= 0n) return [detail('CANNOT_BE_ZERO_OR_NEGATIVE', 'amount/value', amount.value)];
  const negative = monies.slice(1).filter(([, money]) => minor(money) < 0n);
  if (negative.length > 0) return negative.map(([path, money]) => detail('CANNOT_BE_NEGATIVE', `${path}/value`, money.value));
  if (minor(amount) > minorUnits('999999999999999.99', places))
    return [detail('MAX_VALUE_EXCEEDED', 'amount/value', amount.value)];

  const issues: PayPalErrorDetail[] = [];
  if (items.length > 0 && !breakdown?.item_total) issues.push(detail('ITEM_TOTAL_REQUIRED', 'amount/breakdown/item_total'));
  if (items.some((item) => item.tax) && !breakdown?.tax_total) {
    issues.push(detail('TAX_TOTAL_REQUIRED', 'amount/breakdown/tax_total'));
  }
  if (issues.length > 0) return issues;
  if (items.length > 0) {
    const itemTotal = items.reduce((sum, item) => sum + minor(item.unit_amount) * BigInt(item.quantity), 0n);
    if (itemTotal !== minor(breakdown?.item_total)) {
      issues.push(detail('ITEM_TOTAL_MISMATCH', 'amount/breakdown/item_total/value', breakdown?.item_total?.value));
    }
    const taxTotal = items.reduce((sum, item) => sum + minor(item.tax) * BigInt(item.quantity), 0n);
    if (breakdown?.tax_total && taxTotal !== minor(breakdown.tax_total)) {
      issues.push(detail('TAX_TOTAL_MISMATCH', 'amount/breakdown/tax_total/value', breakdown.tax_total.value));
    }
  }
  if (breakdown) {
    const expected =
      minor(breakdown.item_total) +
      minor(breakdown.tax_total) +
      minor(breakdown.shipping) +
      minor(breakdown.handling) +
      minor(breakdown.insurance) -
      minor(breakdown.shipping_discount) -
      minor(breakdown.discount);
    if (expected !== minor(amount)) issues.push(detail('AMOUNT_MISMATCH', 'amount/value', amount.value));
  }
  return issues;
}

/** `url` with `params` added to its query, keeping the query it has (and its fragment) as written. */
function withQuery(url: string, params: Record<string, string>): string {
  const hash = url.indexOf('#');
  const [base, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const added = new URLSearchParams(params).toString();
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${added}${fragment}`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const approvable: PayPalOrderStatus[] = ['CREATED', 'PAYER_ACTION_REQUIRED', 'APPROVED'];

export class FakePayPal implements ExternalFake {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  readonly tokenLifetimeSeconds: number;
  /** Every request, in order, as the fake got it. */
  readonly requests: ExternalRequest[] = [];
  /** Every webhook event raised, sent or not, in order. */
  readonly events: PayPalWebhookEvent[] = [];
  /** Every transmission that got an answer (or failed), in the order the answers came. */
  readonly webhooksSent: WebhookDelivery[] = [];
  /** The PAYPAL-CERT-URL of this fake's signatures. */
  readonly certUrl = `${linkOrigin}/v1/notifications/certs/CERT-360caa42-fca2a594-${randomBytes(4).toString('hex')}`;

  /** Access token → when it expires (ms). */
  readonly #tokens = new Map<string, number>();
  #tokensIssued = 0;
  readonly #orders = new Map<string, FakePayPalOrder>();
  readonly #checkouts = new Map<string, FakePayPalCheckout>();
  /** Capture id → its order's id. */
  readonly #captureOrders = new Map<string, string>();
  /** Capture id → its refunds. */
  readonly #refunds = new Map<string, FakePayPalRefund[]>();
  /** PayPal-Request-Id of a create → the order it created. */
  readonly #createKeys = new Map<string, string>();
  /** `${orderId} ${PayPal-Request-Id}` of a capture → the body first answered. */
  readonly #captureReplies = new Map<string, object>();
  #declineNext: string | undefined;
  #pendNext: string | undefined;
  #dropNextCapture = false;
  #keys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;
  #webhookUrl: string | undefined;
  #holding = false;
  readonly #held: PayPalWebhookEvent[] = [];
  readonly #inFlight = new Set<Promise<number>>();

  constructor(options: FakePayPalOptions = {}) {
    this.clientId = options.clientId ?? 'AbFakePayPalSandboxClientId';
    this.clientSecret = options.clientSecret ?? 'EFakePayPalSandboxSecret';
    this.webhookId = options.webhookId ?? '4JH86294D6297924G';
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 32400;
  }

  // ---- inspection ----

  get tokensIssued(): number {
    return this.#tokensIssued;
  }

  /** The stored order, in PayPal's shape. */
  order(id: string): FakePayPalOrder | undefined {
    return this.#orders.get(id);
  }

  get orders(): FakePayPalOrder[] {
    return [...this.#orders.values()];
  }

  /** What the order's create request asked for: return and cancel URLs, approval link, request id. */
  checkout(orderId: string): FakePayPalCheckout | undefined {
    return this.#checkouts.get(orderId);
  }

  /** Every capture of every order. */
  get captures(): FakePayPalCapture[] {
    return this.orders.flatMap((order) => order.purchase_units.flatMap((unit) => unit.payments.captures));
  }

  capture(id: string): FakePayPalCapture | undefined {
    return this.captures.find((capture) => capture.id === id);
  }

  refunds(captureId: string): FakePayPalRefund[] {
    return this.#refunds.get(captureId) ?? [];
  }

  /** The order as `GET /v2/checkout/orders/{id}` answers it. */
  orderResource(id: string): Record<string, unknown> {
    return this.#orderJson(this.#existing(id));
  }

  /** The public half of the webhook signing key (PEM), for a test that verifies signatures itself. */
  get publicKeyPem(): string {
    return this.#keyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  // ---- switches for tests ----

  /** Every token issued so far stops working (as after expiry): the client must fetch a new one. */
  expireTokens(): void {
    this.#tokens.clear();
  }

  /** The next capture of an approved order answers 422 with `issue`; the order stays approved. */
  declineNextCapture(issue = 'INSTRUMENT_DECLINED'): void {
    this.#declineNext = issue;
  }

  /** The next capture succeeds but stays PENDING (`reason`), with PAYMENT.CAPTURE.PENDING. */
  pendNextCapture(reason = 'PENDING_REVIEW'): void {
    this.#pendNext = reason;
  }

  /** The next successful capture happens, but the connection is dropped instead of answering. */
  dropNextCaptureResponse(): void {
    this.#dropNextCapture = true;
  }

  // ---- the payer and PayPal's back office ----

  /**
   * The payer approves the order, as "Pay Now" on the approval page does: APPROVED with a payer,
   * CHECKOUT.ORDER.APPROVED raised. Returns the URL the payer is sent back to (return_url with
   * `token` and `PayerID`), or '' when the order has no return_url (the JS SDK's pop-up flow).
   */
  approve(orderId: string, payer: Partial<FakePayPalPayer> = {}): string {
    const order = this.#existing(orderId);
    if (!approvable.includes(order.status)) {
      throw new Error(`FakePayPal: order ${orderId} is ${order.status} and cannot be approved`);
    }
    if (order.status !== 'APPROVED') {
      order.payer = {
        payer_id: randomString(13, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'),
        email_address: 'sb-buyer@personal.example.com',
        name: { given_name: 'John', surname: 'Doe' },
        address: { country_code: 'US' },
        ...payer,
      };
      order.status = 'APPROVED';
      order.update_time = now();
      this.#emit('CHECKOUT.ORDER.APPROVED', 'checkout-order', 'An order has been approved by buyer', this.#orderJson(order));
    }
    const returnUrl = this.#checkouts.get(orderId)?.returnUrl;
    return returnUrl ? withQuery(returnUrl, { token: order.id, PayerID: order.payer!.payer_id }) : '';
  }

  /** A PENDING capture of the order completes (PAYMENT.CAPTURE.COMPLETED). */
  completeCapture(orderId: string): FakePayPalCapture {
    const capture = this.#captureOf(orderId, ['PENDING']);
    capture.status = 'COMPLETED';
    delete capture.status_details;
    capture.update_time = now();
    this.#emitCapture('PAYMENT.CAPTURE.COMPLETED', `Payment completed for ${money(capture.amount)}`, capture);
    return capture;
  }

  /** The order's capture is denied (PAYMENT.CAPTURE.DENIED, the capture DECLINED). */
  deny(orderId: string): FakePayPalCapture {
    const capture = this.#captureOf(orderId, ['PENDING', 'COMPLETED']);
    capture.status = 'DECLINED';
    delete capture.status_details;
    capture.update_time = now();
    this.#emitCapture('PAYMENT.CAPTURE.DENIED', `A ${money(capture.amount)} capture payment was denied`, capture);
    return capture;
  }

  /** The merchant refunds the capture, by default what is left of it (PAYMENT.CAPTURE.REFUNDED). */
  refund(captureId: string, value?: string): FakePayPalRefund {
    const capture = this.capture(captureId);
    if (!capture || !['COMPLETED', 'PARTIALLY_REFUNDED'].includes(capture.status)) {
      throw new Error(`FakePayPal: no refundable capture ${captureId}`);
    }
    const currency = capture.amount.currency_code;
    const places = decimalsOf(currency);
    const refunds = this.#refunds.get(captureId) ?? [];
    const refunded = refunds.reduce((sum, refund) => sum + minorUnits(refund.amount.value, places), 0n);
    const left = minorUnits(capture.amount.value, places) - refunded;
    const amount = value === undefined ? left : minorUnits(value, places);
    if (amount <= 0n || amount > left) throw new Error(`FakePayPal: cannot refund ${value} of capture ${captureId}`);
    const time = now();
    const refund: FakePayPalRefund = {
      id: randomString(17),
      status: 'COMPLETED',
      amount: { currency_code: currency, value: formatMinor(amount, places) },
      ...(capture.invoice_id === undefined ? {} : { invoice_id: capture.invoice_id }),
      ...(capture.custom_id === undefined ? {} : { custom_id: capture.custom_id }),
      create_time: time,
      update_time: time,
    };
    this.#refunds.set(captureId, [...refunds, refund]);
    capture.status = amount === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = time;
    const resource = {
      ...refund,
      links: [
        { href: `${linkOrigin}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${linkOrigin}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
    this.#emit('PAYMENT.CAPTURE.REFUNDED', 'refund', `A ${money(refund.amount)} capture payment was refunded`, resource);
    return refund;
  }

  // ---- webhooks ----

  /** Where events are sent from now on (the app's webhook endpoint). Events raised before are not sent. */
  listen(url: string): void {
    this.#webhookUrl = url;
  }

  /** Events raised from now on are queued instead of sent, until `releaseWebhooks`. */
  holdWebhooks(): void {
    this.#holding = true;
  }

  /** Sends the queued events one after another, in order; resolves with their HTTP statuses. Stops holding. */
  async releaseWebhooks(): Promise<number[]> {
    this.#holding = false;
    const statuses: number[] = [];
    for (const event of this.#held.splice(0)) statuses.push(await this.#send(event, false));
    return statuses;
  }

  /** Waits until every transmission under way has been answered. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  /** PayPal's redelivery: the same event again, in a fresh transmission (new id, time and signature). */
  resend(eventId: string): Promise<number> {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) return Promise.reject(new Error(`FakePayPal: no event ${eventId}`));
    return this.#send(event, true);
  }

  /**
   * One transmission of `event` as PayPal would send it: the exact body bytes and the signed headers.
   * Any JSON object can be signed, so a test can forge or tamper with events.
   */
  signedWebhook(event: object): SignedWebhook {
    const body = JSON.stringify(event);
    const checksum = crc32(Buffer.from(body, 'utf8'));
    for (;;) {
      const transmissionId = randomUUID();
      const transmissionTime = now();
      const signature = sign(
        'sha256',
        Buffer.from(`${transmissionId}|${transmissionTime}|${this.webhookId}|${checksum}`, 'utf8'),
        this.#keyPair().privateKey,
      ).toString('base64');
      // verify_webhook_signature's pattern for transmission_sig wants a word character first.
      if (!/^\w/.test(signature)) continue;
      return {
        body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'PayPal/AUHD-214.0-58842781',
          'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
          'PAYPAL-AUTH-VERSION': 'v2',
          'PAYPAL-CERT-URL': this.certUrl,
          'PAYPAL-TRANSMISSION-ID': transmissionId,
          'PAYPAL-TRANSMISSION-SIG': signature,
          'PAYPAL-TRANSMISSION-TIME': transmissionTime,
        },
      };
    }
  }

  // ---- the HTTP side ----

  handle(request: ExternalRequest): ExternalReply {
    this.requests.push(request);
    if (request.host === paypalWebHost) return this.#page(request);
    const answer = request.host === paypalApiHost ? this.#api(request) : paypalError(404, 'RESOURCE_NOT_FOUND');
    if ('destroy' in answer) return answer;
    return { ...answer, headers: { 'Paypal-Debug-Id': debugId(), ...answer.headers } };
  }

  #api(request: ExternalRequest): Answer | Dropped {
    if (request.path === '/v1/oauth2/token') {
      return request.method === 'POST' ? this.#token(request) : paypalError(405, 'METHOD_NOT_SUPPORTED');
    }
    const unauthorized = this.#authenticate(request);
    if (unauthorized) return unauthorized;
    const { method, path } = request;
    if (path === '/v2/checkout/orders' && method === 'POST') return this.#create(request);
    if (path === '/v1/notifications/verify-webhook-signature' && method === 'POST') return this.#verify(request);
    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (get && method === 'GET') {
      const order = this.#orders.get(decodeURIComponent(get[1]!));
      return order ? { status: 200, body: this.#orderJson(order) } : this.#notFound(decodeURIComponent(get[1]!));
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (capture && method === 'POST') return this.#capture(request, decodeURIComponent(capture[1]!));
    return paypalError(404, 'RESOURCE_NOT_FOUND');
  }

  #token(request: ExternalRequest): Answer {
    const match = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '');
    const credentials = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    if (credentials !== `${this.clientId}:${this.clientSecret}`) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    const form = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers['content-type'] ?? '')
      ? new URLSearchParams(request.body)
      : new URLSearchParams();
    const grant = form.get('grant_type');
    if (grant !== 'client_credentials') {
      const description = grant === null ? 'Grant Type is NULL' : 'unsupported grant_type';
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: description } };
    }
    const token = `A21AA${randomBytes(60).toString('base64url')}`;
    this.#tokens.set(token, Date.now() + this.tokenLifetimeSeconds * 1000);
    this.#tokensIssued += 1;
    return {
      status: 200,
      body: {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/orders/client-side-integration https://uri.paypal.com/services/applications/verify-webhook-signature',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: this.tokenLifetimeSeconds,
        nonce: `${now()}${randomBytes(16).toString('base64url')}`,
      },
    };
  }

  #authenticate(request: ExternalRequest): Answer | undefined {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const expiresAt = match ? this.#tokens.get(match[1]!) : undefined;
    if (expiresAt !== undefined && expiresAt > Date.now()) return undefined;
    const [issue, description] = !match
      ? ['MISSING_AUTHORIZATION', 'The Authorization header is missing or is not a Bearer token.']
      : expiresAt === undefined
        ? ['INVALID_TOKEN', 'The access token is not valid.']
        : ['TOKEN_EXPIRED', 'The access token has expired.'];
    return paypalError(401, 'AUTHENTICATION_FAILURE', [{ field: 'Authorization', location: 'header', issue, description }]);
  }

  /** The PayPal-Request-Id header when valid (1–108 characters), undefined when absent, or the 400. */
  #requestId(request: ExternalRequest): string | undefined | Answer {
    const key = request.headers['paypal-request-id'];
    if (key === undefined) return undefined;
    if (key.length >= 1 && key.length <= 108) return key;
    return paypalError(400, 'INVALID_REQUEST', [
      {
        field: 'PayPal-Request-Id',
        value: key,
        location: 'header',
        issue: 'INVALID_STRING_LENGTH',
        description: issueDescription('INVALID_STRING_LENGTH') ?? 'The value of a field is either too short or too long',
      },
    ]);
  }

  /** The JSON body, or the 415/400 PayPal answers when it is not JSON. */
  #jsonBody(request: ExternalRequest, emptyAllowed: boolean): { json: unknown } | Answer {
    if (!isJson(request)) return paypalError(415, 'UNSUPPORTED_MEDIA_TYPE');
    if (emptyAllowed && request.body.trim() === '') return { json: {} };
    try {
      return { json: JSON.parse(request.body) as unknown };
    } catch {
      return paypalError(400, 'INVALID_REQUEST', [
        { location: 'body', issue: 'MALFORMED_REQUEST_JSON', description: issueDescription('MALFORMED_REQUEST_JSON') },
      ]);
    }
  }

  #create(request: ExternalRequest): Answer {
    const representation = /return=representation/i.test(request.headers.prefer ?? '');
    const requestId = this.#requestId(request);
    if (typeof requestId === 'object') return requestId;
    const replayed = requestId === undefined ? undefined : this.#createKeys.get(requestId);
    if (replayed) return { status: 200, body: this.#createAnswer(this.#orders.get(replayed)!, representation) };
    const parsed = this.#jsonBody(request, false);
    if (!('json' in parsed)) return parsed;
    const schemaDetails = orderRequestErrors(parsed.json);
    if (schemaDetails.length > 0) return paypalError(400, 'INVALID_REQUEST', schemaDetails);
    const body = parsed.json as OrderRequest;
    for (const unit of body.purchase_units) {
      const issues = amountIssues(unit);
      if (issues.length > 0) return paypalError(422, 'UNPROCESSABLE_ENTITY', issues, [informationLink(issues[0]!.issue)]);
    }
    let id = randomString(17);
    while (this.#orders.has(id)) id = randomString(17);
    const wallet = body.payment_source?.paypal;
    const context = wallet?.experience_context ?? body.application_context ?? {};
    const units = body.purchase_units.map((unit): FakePayPalPurchaseUnit => ({
      ...unit,
      reference_id: unit.reference_id ?? 'default',
      payee: merchant,
      payments: { captures: [] },
    }));
    const order: FakePayPalOrder = {
      id,
      intent: body.intent,
      status: wallet ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchase_units: units as FakePayPalOrder['purchase_units'],
      create_time: now(),
    };
    this.#orders.set(id, order);
    this.#checkouts.set(id, {
      request: parsed.json as Record<string, unknown>,
      ...(requestId === undefined ? {} : { requestId }),
      approvalRel: wallet ? 'payer-action' : 'approve',
      ...(context.return_url === undefined ? {} : { returnUrl: context.return_url }),
      ...(context.cancel_url === undefined ? {} : { cancelUrl: context.cancel_url }),
      ...(context.brand_name === undefined ? {} : { brandName: context.brand_name }),
    });
    if (requestId !== undefined) this.#createKeys.set(requestId, id);
    return { status: 201, body: this.#createAnswer(order, representation) };
  }

  #createAnswer(order: FakePayPalOrder, representation: boolean): object {
    if (representation) return this.#orderJson(order);
    return { id: order.id, status: order.status, links: this.#orderLinks(order) };
  }

  #capture(request: ExternalRequest, orderId: string): Answer | Dropped {
    const representation = /return=representation/i.test(request.headers.prefer ?? '');
    const requestId = this.#requestId(request);
    if (typeof requestId === 'object') return requestId;
    const parsed = this.#jsonBody(request, true);
    if (!('json' in parsed)) return parsed;
    const schemaDetails = captureRequestErrors(parsed.json);
    if (schemaDetails.length > 0) return paypalError(400, 'INVALID_REQUEST', schemaDetails);
    const order = this.#orders.get(orderId);
    if (!order) return this.#notFound(orderId);
    const replayKey = requestId === undefined ? undefined : `${orderId} ${requestId}`;
    const replay = replayKey === undefined ? undefined : this.#captureReplies.get(replayKey);
    if (replay) return { status: 200, body: replay };
    if (order.intent !== 'CAPTURE') {
      return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', {
        description:
          "Order was created with an intent to 'AUTHORIZE'. Please use v2/checkout/orders/order_id/authorize to complete the transaction or alternately Create an order with an intent of 'CAPTURE'.",
      });
    }
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
    if (this.#declineNext !== undefined) {
      const issue = this.#declineNext;
      this.#declineNext = undefined;
      // PayPal sends the payer back to choose another way to pay.
      const redirect: PayPalLink[] =
        issue === 'INSTRUMENT_DECLINED'
          ? [{ href: `${webOrigin}/checkoutnow?token=${order.id}`, rel: 'redirect', method: 'GET' }]
          : [];
      return unprocessable(issue, {}, redirect);
    }

    const time = now();
    const pending = this.#pendNext;
    this.#pendNext = undefined;
    for (const unit of order.purchase_units) {
      const capture: FakePayPalCapture = {
        id: randomString(17),
        status: pending === undefined ? 'COMPLETED' : 'PENDING',
        ...(pending === undefined ? {} : { status_details: { reason: pending } }),
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        final_capture: true,
        seller_protection: sellerProtection,
        ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
        ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
        create_time: time,
        update_time: time,
      };
      unit.payments.captures.push(capture);
      this.#captureOrders.set(capture.id, order.id);
    }
    order.status = 'COMPLETED';
    order.update_time = time;
    const body = representation
      ? this.#orderJson(order)
      : {
          id: order.id,
          status: order.status,
          payment_source: this.#paymentSource(order),
          purchase_units: order.purchase_units.map((unit) => ({
            reference_id: unit.reference_id,
            payments: { captures: unit.payments.captures.map((capture) => this.#captureJson(capture, false)) },
          })),
          payer: order.payer,
          links: this.#orderLinks(order),
        };
    if (replayKey !== undefined) this.#captureReplies.set(replayKey, body);
    for (const capture of order.purchase_units.flatMap((unit) => unit.payments.captures)) {
      if (capture.status === 'PENDING') {
        this.#emitCapture('PAYMENT.CAPTURE.PENDING', `Payment pending for ${money(capture.amount)}`, capture);
      } else {
        this.#emitCapture('PAYMENT.CAPTURE.COMPLETED', `Payment completed for ${money(capture.amount)}`, capture);
      }
    }
    if (this.#dropNextCapture) {
      this.#dropNextCapture = false;
      return { destroy: true };
    }
    return { status: 201, body };
  }

  #verify(request: ExternalRequest): Answer {
    const parsed = this.#jsonBody(request, false);
    if (!('json' in parsed)) return parsed;
    const schemaDetails = verifyWebhookSignatureErrors(parsed.json);
    if (schemaDetails.length > 0) return paypalError(400, 'INVALID_REQUEST', schemaDetails);
    const body = parsed.json as {
      auth_algo: string;
      cert_url: string;
      transmission_id: string;
      transmission_sig: string;
      transmission_time: string;
      webhook_id: string;
      webhook_event: unknown;
    };
    // The event as received and parsed by the app: JSON.stringify gives back the bytes that were signed.
    const checksum = crc32(Buffer.from(JSON.stringify(body.webhook_event), 'utf8'));
    const signed = Buffer.from(`${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${checksum}`, 'utf8');
    const verified =
      body.webhook_id === this.webhookId &&
      body.auth_algo === 'SHA256withRSA' &&
      body.cert_url === this.certUrl &&
      verify('sha256', signed, this.#keyPair().publicKey, Buffer.from(body.transmission_sig, 'base64'));
    return { status: 200, body: { verification_status: verified ? 'SUCCESS' : 'FAILURE' } };
  }

  // ---- the approval page ----

  #page(request: ExternalRequest): Answer {
    const html = (status: number, title: string, content: string): Answer => ({
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${content}</main></body></html>\n`,
    });
    if (!['/checkoutnow', '/checkoutnow/approve', '/checkoutnow/cancel'].includes(request.path)) {
      return html(404, 'PayPal - Page not found', '<h1>Page not found</h1>');
    }
    const form = request.method === 'POST' ? new URLSearchParams(request.body) : new URLSearchParams();
    const token = form.get('token') ?? request.query.get('token');
    const order = token ? this.#orders.get(token) : undefined;
    const checkout = token ? this.#checkouts.get(token) : undefined;
    if (!order || !checkout) {
      return html(404, 'PayPal Checkout - Session expired', '<h1>This checkout session has expired or does not exist.</h1>');
    }
    const done = html(200, 'PayPal Checkout', '<h1>This payment has already been completed.</h1>');
    if (request.path === '/checkoutnow') {
      if (request.method !== 'GET') return html(405, 'PayPal Checkout', '<h1>Method not allowed</h1>');
      return approvable.includes(order.status)
        ? html(200, 'PayPal Checkout - Review your payment', this.#review(order, checkout))
        : done;
    }
    if (request.method !== 'POST') return html(405, 'PayPal Checkout', '<h1>Method not allowed</h1>');
    if (request.path === '/checkoutnow/cancel') {
      if (!checkout.cancelUrl)
        return html(200, 'PayPal Checkout', '<h1>You cancelled this payment. You may close this window.</h1>');
      return { status: 303, headers: { Location: withQuery(checkout.cancelUrl, { token: order.id }) }, body: '' };
    }
    if (!approvable.includes(order.status)) return done;
    const returnUrl = this.approve(order.id);
    if (!returnUrl) return html(200, 'PayPal Checkout', '<h1>Payment approved. You may close this window.</h1>');
    return { status: 303, headers: { Location: returnUrl }, body: '' };
  }

  #review(order: FakePayPalOrder, checkout: FakePayPalCheckout): string {
    const rows = order.purchase_units.flatMap((unit) =>
      (unit.items ?? []).map(
        (item) =>
          `<tr><td>${escapeHtml(item.name)}</td><td>${escapeHtml(item.quantity)}</td><td>${escapeHtml(money(item.unit_amount))}</td></tr>`,
      ),
    );
    const totals = order.purchase_units.map(
      (unit) => `<p class="total">Total <strong>${escapeHtml(money(unit.amount))}</strong></p>`,
    );
    const token = `<input type="hidden" name="token" value="${escapeHtml(order.id)}">`;
    return [
      '<h1>PayPal Sandbox</h1>',
      `<p>Pay <strong>${escapeHtml(checkout.brandName ?? 'Fake Merchant (sandbox)')}</strong></p>`,
      rows.length > 0
        ? `<table><thead><tr><th>Item</th><th>Quantity</th><th>Price</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
        : '',
      ...totals,
      `<form method="post" action="/checkoutnow/approve">${token}<button type="submit">Pay Now</button></form>`,
      `<form method="post" action="/checkoutnow/cancel">${token}<button type="submit">Cancel and return to merchant</button></form>`,
    ].join('\n');
  }

  // ---- resources as PayPal presents them ----

  #orderLinks(order: FakePayPalOrder): PayPalLink[] {
    const self = `${linkOrigin}/v2/checkout/orders/${order.id}`;
    const links: PayPalLink[] = [{ href: self, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      const rel = this.#checkouts.get(order.id)?.approvalRel ?? 'approve';
      links.push({ href: `${webOrigin}/checkoutnow?token=${order.id}`, rel, method: 'GET' });
    }
    if (order.status !== 'COMPLETED' && order.status !== 'VOIDED') {
      links.push({ href: self, rel: 'update', method: 'PATCH' }, { href: `${self}/capture`, rel: 'capture', method: 'POST' });
    }
    return links;
  }

  #paymentSource(order: FakePayPalOrder): object {
    const { payer } = order;
    if (!payer) return { paypal: {} };
    return {
      paypal: {
        email_address: payer.email_address,
        account_id: payer.payer_id,
        account_status: 'VERIFIED',
        name: payer.name,
        address: payer.address,
      },
    };
  }

  #orderJson(order: FakePayPalOrder): Record<string, unknown> {
    const wallet = order.payer !== undefined || this.#checkouts.get(order.id)?.approvalRel === 'payer-action';
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      ...(wallet ? { payment_source: this.#paymentSource(order) } : {}),
      purchase_units: order.purchase_units.map(({ payments, ...unit }) => ({
        ...unit,
        ...(payments.captures.length > 0
          ? { payments: { captures: payments.captures.map((capture) => this.#captureJson(capture, false)) } }
          : {}),
      })),
      ...(order.payer ? { payer: order.payer } : {}),
      create_time: order.create_time,
      ...(order.update_time ? { update_time: order.update_time } : {}),
      links: this.#orderLinks(order),
    };
  }

  /** A capture as answered; in a webhook also with its order's id and the payee, as PayPal sends it. */
  #captureJson(capture: FakePayPalCapture, forWebhook: boolean): Record<string, unknown> {
    const self = `${linkOrigin}/v2/payments/captures/${capture.id}`;
    const orderId = this.#captureOrders.get(capture.id)!;
    const { create_time, update_time, ...fields } = capture;
    return {
      ...fields,
      ...(forWebhook ? { supplementary_data: { related_ids: { order_id: orderId } }, payee: merchant } : {}),
      create_time,
      update_time,
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${self}/refund`, rel: 'refund', method: 'POST' },
        { href: `${linkOrigin}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  #existing(id: string): FakePayPalOrder {
    const order = this.#orders.get(id);
    if (!order) throw new Error(`FakePayPal: no order ${id}`);
    return order;
  }

  #captureOf(orderId: string, statuses: PayPalCaptureStatus[]): FakePayPalCapture {
    const captures = this.#existing(orderId).purchase_units.flatMap((unit) => unit.payments.captures);
    const capture = captures.find((candidate) => statuses.includes(candidate.status));
    if (!capture) throw new Error(`FakePayPal: order ${orderId} has no ${statuses.join(' or ')} capture`);
    return capture;
  }

  #notFound(id: string): Answer {
    return paypalError(404, 'RESOURCE_NOT_FOUND', [
      {
        field: 'order_id',
        value: id,
        location: 'path',
        issue: 'INVALID_RESOURCE_ID',
        description: issueDescription('INVALID_RESOURCE_ID') ?? 'Specified resource ID does not exist.',
      },
    ]);
  }

  // ---- sending ----

  #keyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
    // Made when first needed: a 2048-bit RSA key takes 0.1–0.5 s, which a fake that never signs should not pay.
    this.#keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    return this.#keys;
  }

  #emitCapture(eventType: string, summary: string, capture: FakePayPalCapture): void {
    this.#emit(eventType, 'capture', summary, this.#captureJson(capture, true));
  }

  #emit(eventType: string, resourceType: string, summary: string, resource: Record<string, unknown>): void {
    const id = `WH-${randomString(17)}-${randomString(17)}`;
    const event: PayPalWebhookEvent = {
      id,
      event_version: '1.0',
      create_time: now(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: `${linkOrigin}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${linkOrigin}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    this.events.push(event);
    if (this.#holding) this.#held.push(event);
    else if (this.#webhookUrl !== undefined) void this.#send(event, false);
  }

  /** One transmission, tracked until answered; resolves with the HTTP status (0 when it failed). */
  #send(event: PayPalWebhookEvent, redelivery: boolean): Promise<number> {
    const url = this.#webhookUrl;
    if (url === undefined) return Promise.reject(new Error('FakePayPal: call listen(url) before sending webhooks'));
    const { body, headers } = this.signedWebhook(event);
    const transmissionId = headers['PAYPAL-TRANSMISSION-ID']!;
    const sending = fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) }).then(
      async (response) => {
        await response.arrayBuffer().catch(() => undefined);
        this.webhooksSent.push({ event, status: response.status, transmissionId, redelivery });
        return response.status;
      },
      (error: unknown) => {
        this.webhooksSent.push({ event, status: 0, transmissionId, redelivery, error: String(error) });
        return 0;
      },
    );
    this.#inFlight.add(sending);
    void sending.then(() => this.#inFlight.delete(sending));
    return sending;
  }
}
