import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeExternalWorld } from '../externalWorld.ts';
import { FakePayPal, paypalApiHost, paypalWebHost, type PayPalWebhookEvent } from './index.ts';

let world: FakeExternalWorld;
let paypal: FakePayPal;
let receiver: Server;
let received: { headers: IncomingHttpHeaders; body: string }[] = [];
/** What the receiver answers; 200 unless a test says otherwise. */
let receiverStatus = 200;
let token: string;

beforeAll(async () => {
  world = await FakeExternalWorld.start();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = receiverStatus;
      response.end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
});

afterAll(async () => {
  await world.stop();
  receiver.closeAllConnections();
  await new Promise((done) => receiver.close(done));
});

beforeEach(async () => {
  if (paypal) world.unregister(paypal);
  // A fresh fake per test. Only the webhook tests call listen, so only they sign (an RSA key takes 0.1–0.5 s).
  paypal = world.register(/^(api-m|www)\.sandbox\.paypal\.com$/, new FakePayPal({ clientId: 'client', clientSecret: 'secret' }));
  received = [];
  receiverStatus = 200;
  token = await accessToken();
});

interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: string | object;
  host?: string;
  auth?: boolean;
}

/** A call to PayPal through the world, as externalFetch sends it; JSON bodies and a Bearer token by default. */
async function call(path: string, { method = 'GET', headers = {}, body, host = paypalApiHost, auth = true }: Call = {}) {
  const json = body !== undefined && typeof body !== 'string';
  const response = await fetch(`${world.origin}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      'X-Forwarded-Host': host,
      ...(auth ? { Authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: json ? JSON.stringify(body) : body,
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, headers: response.headers, text, json: type.includes('json') ? JSON.parse(text) : undefined };
}

async function accessToken(clientId = 'client', secret = 'secret', form = 'grant_type=client_credentials') {
  const response = await call('/v1/oauth2/token', {
    method: 'POST',
    auth: false,
    headers: {
      Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form,
  });
  return response.json?.access_token as string;
}

const usd = (value: string) => ({ currency_code: 'USD', value });

/** The reference's example order: 10.00 + 18% tax, paid through payment_source.paypal. */
function orderBody(unit: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'plan-monthly',
        custom_id: 'user123',
        invoice_id: 'INV-1',
        amount: { ...usd('11.80'), breakdown: { item_total: usd('10.00'), tax_total: usd('1.80'), discount: usd('0.00') } },
        items: [{ name: 'Pro monthly', quantity: '1', unit_amount: usd('10.00'), tax: usd('1.80'), category: 'DIGITAL_GOODS' }],
        ...unit,
      },
    ],
    payment_source: {
      paypal: {
        experience_context: { return_url: 'https://shop.example/return?payment=p1', cancel_url: 'https://shop.example/cancel' },
      },
    },
    ...extra,
  };
}

async function createOrder(body: object = orderBody(), headers: Record<string, string> = {}) {
  const response = await call('/v2/checkout/orders', { method: 'POST', body, headers });
  expect(response.status).toBe(201);
  return response.json.id as string;
}

const capture = (id: string, headers: Record<string, string> = {}) =>
  call(`/v2/checkout/orders/${id}/capture`, {
    method: 'POST',
    body: '',
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('OAuth token', () => {
  it('issues a Bearer token for the right client credentials only', async () => {
    const good = await call('/v1/oauth2/token', {
      method: 'POST',
      auth: false,
      headers: {
        Authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(good.status).toBe(200);
    expect(good.json).toMatchObject({
      token_type: 'Bearer',
      expires_in: 32400,
      access_token: expect.any(String),
      app_id: expect.any(String),
    });
    expect(paypal.tokensIssued).toBe(2);

    expect(await accessToken('client', 'wrong')).toBeUndefined();
    const wrong = await call('/v1/oauth2/token', { method: 'POST', auth: false, headers: { Authorization: 'Basic eDp5' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    const grant = await call('/v1/oauth2/token', {
      method: 'POST',
      auth: false,
      headers: {
        Authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=password',
    });
    expect(grant.status).toBe(400);
    expect(grant.json.error).toBe('unsupported_grant_type');
  });

  it('requires a live Bearer token on every other call; expireTokens makes the client fetch a new one', async () => {
    const missing = await call('/v2/checkout/orders/NOPE', { auth: false });
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({
      name: 'AUTHENTICATION_FAILURE',
      message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      details: [expect.objectContaining({ issue: expect.any(String) })],
    });
    expect((await call('/v2/checkout/orders/NOPE', { auth: false, headers: { Authorization: 'Bearer made-up' } })).status).toBe(
      401,
    );
    expect((await call('/v2/checkout/orders/NOPE')).status).toBe(404);
    paypal.expireTokens();
    expect((await call('/v2/checkout/orders/NOPE')).status).toBe(401);
    token = await accessToken();
    expect((await call('/v2/checkout/orders/NOPE')).status).toBe(404);
  });

  it('lets a token lapse after its lifetime', async () => {
    world.unregister(paypal);
    paypal = world.register(
      paypalApiHost,
      new FakePayPal({ clientId: 'client', clientSecret: 'secret', tokenLifetimeSeconds: 0 }),
    );
    token = await accessToken();
    expect((await call('/v2/checkout/orders/NOPE')).json.details[0].issue).toBe('TOKEN_EXPIRED');
  });
});

describe('creating an order', () => {
  it('answers 201 with a minimal body; payment_source.paypal asks for payer action', async () => {
    const created = await call('/v2/checkout/orders', { method: 'POST', body: orderBody() });
    expect(created.status).toBe(201);
    const { id } = created.json;
    expect(id).toMatch(/^[A-Z0-9]{17}$/);
    expect(created.json).toEqual({
      id,
      status: 'PAYER_ACTION_REQUIRED',
      links: [
        { href: `https://api.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
        { href: `https://api.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' },
        { href: `https://api.sandbox.paypal.com/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
      ],
    });
    const fetched = await call(`/v2/checkout/orders/${id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toMatchObject({
      id,
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [
        {
          reference_id: 'plan-monthly',
          custom_id: 'user123',
          invoice_id: 'INV-1',
          amount: usd('11.80'),
          items: [{ name: 'Pro monthly' }],
        },
      ],
      create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(fetched.json.purchase_units[0].payments).toBeUndefined();
  });

  it('with only application_context: CREATED and an approve link; Prefer: return=representation gives the whole order', async () => {
    const body = {
      ...orderBody(),
      payment_source: undefined,
      application_context: { return_url: 'https://shop.example/r', cancel_url: 'https://shop.example/c' },
    };
    const created = await call('/v2/checkout/orders', { method: 'POST', body, headers: { Prefer: 'return=representation' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: 'CREATED', intent: 'CAPTURE', purchase_units: [{ amount: usd('11.80') }] });
    expect(created.json.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'approve', 'update', 'capture']);
  });

  it('refuses a body the order_request schema refuses, naming each field', async () => {
    const missing = await call('/v2/checkout/orders', { method: 'POST', body: { purchase_units: orderBody().purchase_units } });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      name: 'INVALID_REQUEST',
      message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
      debug_id: expect.any(String),
      details: [{ field: '/intent', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: expect.any(String) }],
      links: [],
    });
    const quantity = orderBody();
    quantity.purchase_units[0]!.items[0]!.quantity = '0';
    const syntax = await call('/v2/checkout/orders', { method: 'POST', body: quantity });
    expect(syntax.json.details).toEqual([
      expect.objectContaining({ field: '/purchase_units/0/items/0/quantity', value: '0', issue: 'INVALID_PARAMETER_SYNTAX' }),
    ]);
    const intent = await call('/v2/checkout/orders', { method: 'POST', body: { ...orderBody(), intent: 'SALE' } });
    expect(intent.json.details[0]).toMatchObject({ field: '/intent', value: 'SALE', issue: 'INVALID_PARAMETER_VALUE' });
    const number = await call('/v2/checkout/orders', {
      method: 'POST',
      body: orderBody({ amount: { currency_code: 'USD', value: 11.8 } }),
    });
    expect(number.json.details[0]).toMatchObject({ field: '/purchase_units/0/amount/value', issue: 'INVALID_PARAMETER_SYNTAX' });
    const malformed = await call('/v2/checkout/orders', {
      method: 'POST',
      body: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([malformed.status, malformed.json.details[0].issue]).toEqual([400, 'MALFORMED_REQUEST_JSON']);
    const form = await call('/v2/checkout/orders', {
      method: 'POST',
      body: 'intent=CAPTURE',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    expect(paypal.orders).toHaveLength(0);
  });

  const amountCases: [string, Record<string, unknown>, string][] = [
    ['DECIMAL_PRECISION', { amount: usd('11.801'), items: undefined }, '/amount/value'],
    ['DECIMAL_PRECISION', { amount: { currency_code: 'JPY', value: '1180.5' }, items: undefined }, '/amount/value'],
    [
      'INVALID_CURRENCY_CODE',
      {
        amount: { ...usd('11.80'), breakdown: { item_total: { currency_code: 'EUR', value: '10.00' }, tax_total: usd('1.80') } },
      },
      '/amount/breakdown/item_total/currency_code',
    ],
    [
      'ITEM_TOTAL_REQUIRED',
      { amount: { ...usd('11.80'), breakdown: { tax_total: usd('1.80') } } },
      '/amount/breakdown/item_total',
    ],
    [
      'TAX_TOTAL_REQUIRED',
      { amount: { ...usd('10.00'), breakdown: { item_total: usd('10.00') } } },
      '/amount/breakdown/tax_total',
    ],
    [
      'ITEM_TOTAL_MISMATCH',
      { amount: { ...usd('21.80'), breakdown: { item_total: usd('20.00'), tax_total: usd('1.80') } } },
      '/amount/breakdown/item_total/value',
    ],
    [
      'TAX_TOTAL_MISMATCH',
      { amount: { ...usd('12.00'), breakdown: { item_total: usd('10.00'), tax_total: usd('2.00') } } },
      '/amount/breakdown/tax_total/value',
    ],
    [
      'AMOUNT_MISMATCH',
      { amount: { ...usd('11.81'), breakdown: { item_total: usd('10.00'), tax_total: usd('1.80') } } },
      '/amount/value',
    ],
    ['CANNOT_BE_ZERO_OR_NEGATIVE', { amount: usd('0.00'), items: undefined }, '/amount/value'],
  ];

  it.each(amountCases)('enforces the amount rules on exact cents: %s', async (issue, unit, field) => {
    const response = await call('/v2/checkout/orders', { method: 'POST', body: orderBody(unit) });
    expect(response.status).toBe(422);
    expect(response.json).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      details: [
        {
          issue,
          field: `/purchase_units/@reference_id=='plan-monthly'${field}`,
          location: 'body',
          description: expect.any(String),
        },
      ],
    });
    expect(paypal.orders).toHaveLength(0);
  });

  it('adds quantities, shipping and discounts exactly (0.10 × 3 + 0.20 − 0.05 is 0.45, not a float)', async () => {
    const unit = {
      amount: {
        ...usd('0.50'),
        breakdown: {
          item_total: usd('0.30'),
          tax_total: usd('0.00'),
          shipping: usd('0.20'),
          discount: usd('0.05'),
          handling: usd('0.05'),
        },
      },
      items: [{ name: 'Dime', quantity: '3', unit_amount: usd('0.10') }],
    };
    await createOrder(orderBody(unit));
    const yen = { amount: { currency_code: 'JPY', value: '1180' }, items: undefined };
    await createOrder(orderBody(yen));
  });

  it('replays a PayPal-Request-Id with 200 and the same order, without a second one', async () => {
    const first = await call('/v2/checkout/orders', {
      method: 'POST',
      body: orderBody(),
      headers: { 'PayPal-Request-Id': 'payment-1' },
    });
    const again = await call('/v2/checkout/orders', {
      method: 'POST',
      body: orderBody(),
      headers: { 'PayPal-Request-Id': 'payment-1' },
    });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.json.id).toBe(first.json.id);
    expect(paypal.orders).toHaveLength(1);
    expect(paypal.checkout(first.json.id)).toMatchObject({
      requestId: 'payment-1',
      returnUrl: 'https://shop.example/return?payment=p1',
    });
    const tooLong = await call('/v2/checkout/orders', {
      method: 'POST',
      body: orderBody(),
      headers: { 'PayPal-Request-Id': 'x'.repeat(109) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.details[0]).toMatchObject({ field: 'PayPal-Request-Id', location: 'header' });
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown order', async () => {
    const response = await call('/v2/checkout/orders/5O190127TN364715T');
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
  });
});

describe('the approval page', () => {
  it('shows the items and total with Pay Now and Cancel forms; Pay Now approves and sends the payer back with token and PayerID', async () => {
    const id = await createOrder();
    const page = await call(`/checkoutnow?token=${id}`, { host: paypalWebHost, auth: false });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain('Pro monthly');
    expect(page.text).toContain('11.80 USD');
    expect(page.text).toMatch(
      /<form method="post" action="\/checkoutnow\/approve"><input type="hidden" name="token" value="\w+"><button type="submit">Pay Now<\/button>/,
    );
    expect(page.text).toContain('Cancel and return to merchant');

    const approved = await call('/checkoutnow/approve', {
      method: 'POST',
      host: paypalWebHost,
      auth: false,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${id}`,
    });
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/return');
    expect(location.searchParams.get('payment')).toBe('p1');
    expect(location.searchParams.get('token')).toBe(id);
    const order = paypal.order(id)!;
    expect(order.status).toBe('APPROVED');
    expect(location.searchParams.get('PayerID')).toBe(order.payer!.payer_id);
    const fetched = await call(`/v2/checkout/orders/${id}`);
    expect(fetched.json).toMatchObject({
      status: 'APPROVED',
      payer: { payer_id: order.payer!.payer_id, email_address: expect.any(String) },
    });
    expect(fetched.json.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'update', 'capture']);
  });

  it('Cancel sends the payer to the cancel URL with the token; an unknown token is a 404 page', async () => {
    const id = await createOrder();
    const cancelled = await call('/checkoutnow/cancel', {
      method: 'POST',
      host: paypalWebHost,
      auth: false,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${id}`,
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`https://shop.example/cancel?token=${id}`);
    expect(paypal.order(id)!.status).toBe('PAYER_ACTION_REQUIRED');
    expect((await call('/checkoutnow?token=NOSUCHORDER', { host: paypalWebHost, auth: false })).status).toBe(404);
  });

  it('approve() does the same for route tests and returns the return URL', async () => {
    const id = await createOrder();
    const returnUrl = paypal.approve(id);
    expect(returnUrl).toBe(`https://shop.example/return?payment=p1&token=${id}&PayerID=${paypal.order(id)!.payer!.payer_id}`);
  });
});

describe('capturing', () => {
  it('refuses before approval, captures once with 201, refuses again, and replays the same PayPal-Request-Id with 200', async () => {
    const id = await createOrder();
    const early = await capture(id);
    expect(early.status).toBe(422);
    expect(early.json).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });

    const payerId = new URL(paypal.approve(id)).searchParams.get('PayerID');
    const first = await capture(id, { 'PayPal-Request-Id': 'capture-1' });
    expect(first.status).toBe(201);
    const captureId = first.json.purchase_units[0].payments.captures[0].id;
    expect(first.json).toEqual({
      id,
      status: 'COMPLETED',
      payment_source: { paypal: expect.objectContaining({ account_id: payerId }) },
      purchase_units: [
        {
          reference_id: 'plan-monthly',
          payments: {
            captures: [
              {
                id: expect.stringMatching(/^[A-Z0-9]{17}$/),
                status: 'COMPLETED',
                amount: usd('11.80'),
                final_capture: true,
                seller_protection: expect.objectContaining({ status: 'ELIGIBLE' }),
                custom_id: 'user123',
                invoice_id: 'INV-1',
                create_time: expect.any(String),
                update_time: expect.any(String),
                links: expect.arrayContaining([
                  { href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
                  { href: `https://api.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'up', method: 'GET' },
                ]),
              },
            ],
          },
        },
      ],
      payer: expect.objectContaining({ payer_id: payerId }),
      links: [{ href: `https://api.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' }],
    });

    const second = await capture(id, { 'PayPal-Request-Id': 'capture-2' });
    expect([second.status, second.json.details[0].issue]).toEqual([422, 'ORDER_ALREADY_CAPTURED']);
    const replay = await capture(id, { 'PayPal-Request-Id': 'capture-1' });
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(first.json);
    expect(paypal.captures).toHaveLength(1);
    expect(paypal.order(id)!.purchase_units[0].payments.captures).toHaveLength(1);
    expect((await call(`/v2/checkout/orders/${id}`)).json.purchase_units[0].payments.captures[0].id).toBe(captureId);
  });

  it('needs a JSON Content-Type and takes {} as a body', async () => {
    const id = await createOrder();
    paypal.approve(id);
    const plain = await call(`/v2/checkout/orders/${id}/capture`, { method: 'POST', body: '' });
    expect(plain.status).toBe(415);
    expect((await call(`/v2/checkout/orders/${id}/capture`, { method: 'POST', body: {} })).status).toBe(201);
    expect((await capture('NOSUCHORDER')).status).toBe(404);
  });

  it('declineNextCapture answers 422 INSTRUMENT_DECLINED once and leaves the order approved', async () => {
    const id = await createOrder();
    paypal.approve(id);
    paypal.declineNextCapture();
    const declined = await capture(id);
    expect(declined.status).toBe(422);
    expect(declined.json.details[0]).toMatchObject({
      issue: 'INSTRUMENT_DECLINED',
      description: expect.stringContaining('declined'),
    });
    expect(declined.json.links).toContainEqual({
      href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`,
      rel: 'redirect',
      method: 'GET',
    });
    expect(paypal.order(id)!.status).toBe('APPROVED');
    expect(paypal.captures).toHaveLength(0);
    expect((await capture(id)).status).toBe(201);
  });

  it('dropNextCaptureResponse captures but drops the connection; the replay then answers', async () => {
    const id = await createOrder();
    paypal.approve(id);
    paypal.dropNextCaptureResponse();
    await expect(capture(id, { 'PayPal-Request-Id': 'lost' })).rejects.toThrow();
    expect(paypal.order(id)!.status).toBe('COMPLETED');
    const replay = await capture(id, { 'PayPal-Request-Id': 'lost' });
    expect([replay.status, replay.json.status]).toEqual([200, 'COMPLETED']);
  });
});

describe('webhooks', () => {
  beforeEach(() => paypal.listen(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/paypal/webhooks`));

  const verifyBody = (headers: IncomingHttpHeaders, event: unknown) => ({
    auth_algo: headers['paypal-auth-algo'],
    cert_url: headers['paypal-cert-url'],
    transmission_id: headers['paypal-transmission-id'],
    transmission_sig: headers['paypal-transmission-sig'],
    transmission_time: headers['paypal-transmission-time'],
    webhook_id: paypal.webhookId,
    webhook_event: event,
  });
  const verifyCall = async (body: object) => call('/v1/notifications/verify-webhook-signature', { method: 'POST', body });

  it('sends CHECKOUT.ORDER.APPROVED and PAYMENT.CAPTURE.COMPLETED, signed so that verify-webhook-signature says SUCCESS', async () => {
    const id = await createOrder();
    paypal.approve(id);
    const captured = await capture(id);
    await paypal.settled();
    expect(paypal.webhooksSent.map((sent) => [sent.event.event_type, sent.status])).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 200],
      ['PAYMENT.CAPTURE.COMPLETED', 200],
    ]);
    const [approved, completed] = received.map((request) => JSON.parse(request.body) as PayPalWebhookEvent);
    expect(approved).toMatchObject({
      id: expect.stringMatching(/^WH-/),
      event_version: '1.0',
      resource_type: 'checkout-order',
      resource_version: '2.0',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id, status: 'APPROVED' },
    });
    expect(completed).toMatchObject({
      resource_type: 'capture',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: captured.json.purchase_units[0].payments.captures[0].id,
        status: 'COMPLETED',
        amount: usd('11.80'),
        custom_id: 'user123',
        invoice_id: 'INV-1',
        supplementary_data: { related_ids: { order_id: id } },
      },
    });
    const { headers } = received[1]!;
    expect(headers).toMatchObject({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': expect.stringMatching(/^https:\/\/api\.sandbox\.paypal\.com\/v1\/notifications\/certs\/CERT-/),
      'paypal-transmission-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'paypal-transmission-time': expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    for (const request of received) {
      const verified = await verifyCall(verifyBody(request.headers, JSON.parse(request.body)));
      expect([verified.status, verified.json]).toEqual([200, { verification_status: 'SUCCESS' }]);
    }
  });

  it('says FAILURE when the body or any header is altered, and 400 when a field is missing', async () => {
    const id = await createOrder();
    paypal.approve(id);
    await paypal.settled();
    const { headers, body } = received[0]!;
    const event = JSON.parse(body) as PayPalWebhookEvent;
    const good = verifyBody(headers, event);
    expect((await verifyCall(good)).json.verification_status).toBe('SUCCESS');
    const forged = paypal.signedWebhook({ ...event, summary: 'forged' }).headers['PAYPAL-TRANSMISSION-SIG']!;
    const alterations: Record<string, unknown>[] = [
      { webhook_event: { ...event, resource: { ...event.resource, status: 'COMPLETED' } } },
      { transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55' },
      { transmission_time: '2016-02-18T20:01:35Z' },
      { transmission_sig: forged },
      { cert_url: 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-somebody-else' },
      { auth_algo: 'SHA1withRSA' },
      { webhook_id: 'OTHERWEBHOOK1' },
    ];
    for (const alteration of alterations) {
      const response = await verifyCall({ ...good, ...alteration });
      expect([response.status, response.json.verification_status], JSON.stringify(alteration)).toEqual([200, 'FAILURE']);
    }
    const { transmission_sig: _sig, ...unsigned } = good;
    const missing = await verifyCall(unsigned);
    expect(missing.status).toBe(400);
    expect(missing.json.details[0]).toMatchObject({ field: '/transmission_sig', issue: 'MISSING_REQUIRED_PARAMETER' });
  });

  it('holds events until released, in order, with the statuses the endpoint answered; resend is a fresh transmission', async () => {
    paypal.holdWebhooks();
    const id = await createOrder();
    paypal.approve(id);
    await capture(id);
    await paypal.settled();
    expect(received).toHaveLength(0);
    receiverStatus = 500;
    expect(await paypal.releaseWebhooks()).toEqual([500, 500]);
    expect(received.map((request) => JSON.parse(request.body).event_type)).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.CAPTURE.COMPLETED',
    ]);

    receiverStatus = 200;
    const event = paypal.events[1]!;
    expect(await paypal.resend(event.id)).toBe(200);
    const again = received[2]!;
    expect(JSON.parse(again.body).id).toBe(event.id);
    expect(again.headers['paypal-transmission-id']).not.toBe(received[1]!.headers['paypal-transmission-id']);
    expect((await verifyCall(verifyBody(again.headers, JSON.parse(again.body)))).json.verification_status).toBe('SUCCESS');
    expect(paypal.webhooksSent.at(-1)).toMatchObject({ status: 200, redelivery: true });
  });

  it('deny and refund raise PAYMENT.CAPTURE.DENIED and PAYMENT.CAPTURE.REFUNDED', async () => {
    const id = await createOrder();
    paypal.approve(id);
    await capture(id);
    const captureId = paypal.captures[0]!.id;
    const refund = paypal.refund(captureId, '1.80');
    paypal.refund(captureId);
    const other = await createOrder();
    paypal.approve(other);
    await capture(other);
    paypal.deny(other);
    await paypal.settled();
    const events = paypal.events.map((event) => event.event_type);
    expect(events).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.REFUNDED',
      'PAYMENT.CAPTURE.REFUNDED',
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.DENIED',
    ]);
    const refunded = paypal.events.find((event) => event.event_type === 'PAYMENT.CAPTURE.REFUNDED')!;
    expect(refunded).toMatchObject({
      resource_type: 'refund',
      resource: {
        id: refund.id,
        status: 'COMPLETED',
        amount: usd('1.80'),
        custom_id: 'user123',
        invoice_id: 'INV-1',
        links: expect.arrayContaining([
          { href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ]),
      },
    });
    expect(paypal.refunds(captureId).map((item) => item.amount.value)).toEqual(['1.80', '10.00']);
    expect(paypal.capture(captureId)!.status).toBe('REFUNDED');
    expect(paypal.events.at(-1)).toMatchObject({
      resource_type: 'capture',
      resource: { status: 'DECLINED', supplementary_data: { related_ids: { order_id: other } } },
    });
    expect(paypal.webhooksSent.every((sent) => sent.status === 200)).toBe(true);
  });
});
