import { externalFetch } from '../external/externalFetch.ts';

/**
 * PayPal's REST API as the server uses it (../shared/reference/crm-webhooks-payments.md C1–C2): an
 * OAuth client-credentials token cached until shortly before it expires, Orders v2 create, get and
 * capture with a PayPal-Request-Id, and verify-webhook-signature. Plain fetch through externalFetch:
 * PayPal's server SDK only knows its two hosts, so it could reach neither a local fake nor a proxy.
 */

export interface PayPalConfig {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The webhook PayPal delivers to /paypal/webhooks; without it no webhook verifies. */
  webhookId: string | undefined;
}

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PayPalCapture {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  custom_id?: string;
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

export interface PayPalOrder {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: Array<{
    custom_id?: string;
    invoice_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: PayPalCapture[] };
  }>;
}

interface PayPalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: Array<{ issue?: string; description?: string; field?: string }>;
  error?: string;
  error_description?: string;
}

/** A call PayPal answered with an error: its HTTP status, issue (ORDER_ALREADY_CAPTURED…) and message. */
export class PayPalError extends Error {
  readonly status: number;
  readonly issue: string | undefined;
  readonly debugId: string | undefined;

  constructor(status: number, body: PayPalErrorBody | undefined) {
    const detail = body?.details?.[0];
    super(detail?.description ?? body?.message ?? body?.error_description ?? `PayPal answered ${status}`);
    this.name = 'PayPalError';
    this.status = status;
    this.issue = detail?.issue ?? body?.name ?? body?.error;
    this.debugId = body?.debug_id;
  }
}

export interface WebhookHeaders {
  authAlgo: string | undefined;
  certUrl: string | undefined;
  transmissionId: string | undefined;
  transmissionSig: string | undefined;
  transmissionTime: string | undefined;
}

/** Renew the token this long before PayPal says it expires. */
const tokenMarginMs = 60_000;

export class PayPalClient {
  readonly #config: PayPalConfig;
  #token: { value: string; expiresAt: number } | undefined;
  #pendingToken: Promise<string> | undefined;

  constructor(config: PayPalConfig) {
    this.#config = { ...config, apiBase: config.apiBase.replace(/\/$/, '') };
  }

  /** Creates an order; `requestId` makes a retry return the same order instead of a second one. */
  createOrder(order: object, requestId: string): Promise<PayPalOrder> {
    return this.#call<PayPalOrder>('POST', '/v2/checkout/orders', { body: order, requestId });
  }

  getOrder(orderId: string): Promise<PayPalOrder> {
    return this.#call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  }

  /** Captures an approved order; the same `requestId` replays the first answer rather than charging again. */
  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder> {
    return this.#call<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      body: {},
      requestId,
    });
  }

  /** Asks PayPal whether a webhook delivery is genuine (C2). False when any part is missing. */
  async verifyWebhook(headers: WebhookHeaders, event: unknown): Promise<boolean> {
    const { webhookId } = this.#config;
    const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = headers;
    if (!webhookId || !authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) return false;
    const answer = await this.#call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
      body: {
        auth_algo: authAlgo,
        cert_url: certUrl,
        transmission_id: transmissionId,
        transmission_sig: transmissionSig,
        transmission_time: transmissionTime,
        webhook_id: webhookId,
        webhook_event: event,
      },
    });
    return answer.verification_status === 'SUCCESS';
  }

  async #call<T>(method: string, path: string, options: { body?: object; requestId?: string } = {}, retried = false): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await this.#accessToken()}`,
      Accept: 'application/json',
    };
    if (options.body) headers['Content-Type'] = 'application/json';
    if (options.requestId) headers['PayPal-Request-Id'] = options.requestId;
    const response = await externalFetch(`${this.#config.apiBase}${path}`, {
      method,
      headers,
      body: options.body ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => undefined)) as unknown;
    if (response.status === 401 && !retried) {
      // A token PayPal no longer accepts (revoked, or the clock drifted): fetch a new one once.
      this.#token = undefined;
      return this.#call<T>(method, path, options, true);
    }
    if (!response.ok) throw new PayPalError(response.status, body as PayPalErrorBody | undefined);
    return body as T;
  }

  #accessToken(): Promise<string> {
    if (this.#token && Date.now() < this.#token.expiresAt) return Promise.resolve(this.#token.value);
    this.#pendingToken ??= this.#fetchToken().finally(() => (this.#pendingToken = undefined));
    return this.#pendingToken;
  }

  async #fetchToken(): Promise<string> {
    const { apiBase, clientId, clientSecret } = this.#config;
    const response = await externalFetch(`${apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => undefined)) as
      (PayPalErrorBody & { access_token?: string; expires_in?: number }) | undefined;
    if (!response.ok || !body?.access_token) throw new PayPalError(response.status, body);
    const lifetimeMs = Math.max((body.expires_in ?? 0) * 1000 - tokenMarginMs, 0);
    this.#token = { value: body.access_token, expiresAt: Date.now() + lifetimeMs };
    return body.access_token;
  }
}

/** The link PayPal sends the payer to: 'payer-action' with payment_source.paypal, 'approve' otherwise. */
export function approvalUrl(order: PayPalOrder): string | undefined {
  return order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
}

/** The completed capture of a captured order, if any. */
export function completedCapture(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.find((capture) => capture.status === 'COMPLETED');
}
