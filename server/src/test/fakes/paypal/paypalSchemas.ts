import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';

/**
 * PayPal's own OpenAPI documents (paypal/paypal-rest-api-specifications, Apache-2.0), read from the
 * shared reference directory (`shared/reference/paypal/` beside the project, reference/README.md):
 * `checkout_orders_v2.json` for the Orders v2 request bodies and error issues, and
 * `notifications_webhooks_v1.json` for verify-webhook-signature. Each whole document is added to one
 * Ajv instance under an `$id`, so its `#/components/schemas/…` references resolve; the validators are
 * compiled once per process (the orders document is 560 KB).
 */

type FormatsPlugin = (ajv: Ajv) => Ajv;
// ajv-formats is CommonJS: under nodenext its default import is the module object's `default` or the plugin itself.
const addFormats = ((formatsModule as unknown as { default?: FormatsPlugin }).default ??
  (formatsModule as unknown as FormatsPlugin)) as FormatsPlugin;

const documents = {
  orders: { id: 'paypal-orders', file: 'checkout_orders_v2.json' },
  webhooks: { id: 'paypal-webhooks', file: 'notifications_webhooks_v1.json' },
} as const;

type DocumentName = keyof typeof documents;

/** One detail of a PayPal error body (`error_details` in the orders document). */
export interface PayPalErrorDetail {
  field?: string;
  value?: string;
  location?: 'body' | 'header' | 'path' | 'query';
  issue: string;
  description?: string;
}

/** The directory holding PayPal's documents: `shared/reference/paypal` in the nearest ancestor that has one. */
export function paypalReferenceDir(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(directory, 'shared', 'reference', 'paypal');
    if (existsSync(join(candidate, documents.orders.file))) return candidate;
    const parent = dirname(directory);
    if (parent === directory) {
      throw new Error('PayPal reference documents not found: expected shared/reference/paypal beside the project');
    }
    directory = parent;
  }
}

const loaded = new Map<DocumentName, Record<string, unknown>>();

function document(name: DocumentName): Record<string, unknown> {
  let parsed = loaded.get(name);
  if (!parsed) {
    parsed = JSON.parse(readFileSync(join(paypalReferenceDir(), documents[name].file), 'utf8')) as Record<string, unknown>;
    loaded.set(name, parsed);
  }
  return parsed;
}

let ajv: Ajv | undefined;

function instance(): Ajv {
  if (ajv) return ajv;
  // PayPal's patterns are written for non-unicode regular expressions (e.g. `\[` escapes in the email pattern).
  const created = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, logger: false });
  addFormats(created);
  // PayPal's own format names; where a pattern sits beside them in the schema, that pattern does the checking.
  const email = /^[^\s@]+@[^\s@]+$/;
  created.addFormat('ppaas_common_currency_code_v2', /^[A-Z]{3}$/);
  created.addFormat('ppaas_common_country_code_v2', /^([A-Z]{2}|C2)$/);
  created.addFormat('merchant_common_email_address_v2', email);
  created.addFormat('ppaas_common_email_address_v2', email);
  created.addFormat('ppaas_date_notime_v2', /^\d{4}-\d{2}-\d{2}$/);
  created.addFormat('ppaas_date_time_v3', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i);
  created.addFormat('ppaas_ip_address_v1', /^[0-9a-fA-F:.]+$/);
  created.addFormat('ppaas_payer_id_v3', /^[2-9A-HJ-NP-Z]{13}$/);
  created.addFormat('ppaas_common_language_v3', true);
  created.addFormat('payer_v1', true);
  for (const name of Object.keys(documents) as DocumentName[]) created.addSchema(document(name), documents[name].id);
  ajv = created;
  return created;
}

const validators = new Map<string, ValidateFunction>();

function validator(name: DocumentName, schema: string): ValidateFunction {
  const key = `${documents[name].id}#/components/schemas/${schema}`;
  let compiled = validators.get(key);
  if (!compiled) {
    compiled = instance().compile({ $ref: key });
    validators.set(key, compiled);
  }
  return compiled;
}

let issueTexts: Map<string, string> | undefined;

/**
 * The orders document's description of an error issue (its `400`, `422`, `orders.capture-422`, …
 * schemas list each issue as `{title, description:{enum:[text]}}`); the generic list wins.
 */
export function issueDescription(issue: string): string | undefined {
  if (!issueTexts) {
    issueTexts = new Map();
    const schemas = (document('orders').components as { schemas: Record<string, unknown> }).schemas;
    for (const schema of Object.values(schemas)) {
      const variants = (schema as { properties?: { details?: { items?: { anyOf?: unknown[] } } } }).properties?.details?.items
        ?.anyOf;
      for (const variant of variants ?? []) {
        const { title, properties } = variant as { title?: string; properties?: { description?: { enum?: string[] } } };
        const text = properties?.description?.enum?.[0];
        if (title && text && !issueTexts.has(title)) issueTexts.set(title, text);
      }
    }
  }
  return issueTexts.get(issue);
}

const issueOfKeyword: Record<string, string> = {
  required: 'MISSING_REQUIRED_PARAMETER',
  type: 'INVALID_PARAMETER_SYNTAX',
  pattern: 'INVALID_PARAMETER_SYNTAX',
  format: 'INVALID_PARAMETER_SYNTAX',
  minLength: 'INVALID_STRING_LENGTH',
  maxLength: 'INVALID_STRING_LENGTH',
  minItems: 'INVALID_ARRAY_MIN_ITEMS',
  maxItems: 'INVALID_ARRAY_MAX_ITEMS',
};

function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** Ajv's errors as PayPal's INVALID_REQUEST details: the field as a JSON pointer, one detail per field and issue. */
function details(errors: ErrorObject[], body: unknown): PayPalErrorDetail[] {
  const seen = new Set<string>();
  const result: PayPalErrorDetail[] = [];
  // anyOf/oneOf failures come with the failures of their branches, which name the field better.
  const specific = errors.filter((error) => !['anyOf', 'oneOf', 'allOf', 'if'].includes(error.keyword));
  for (const error of specific.length > 0 ? specific : errors) {
    const missing = error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty : undefined;
    const field = missing === undefined ? error.instancePath || '/' : `${error.instancePath}/${missing}`;
    const issue = issueOfKeyword[error.keyword] ?? 'INVALID_PARAMETER_VALUE';
    if (seen.has(`${field} ${issue}`)) continue;
    seen.add(`${field} ${issue}`);
    const detail: PayPalErrorDetail = { field, location: 'body', issue, description: issueDescription(issue) ?? error.message };
    if (missing === undefined) {
      const value = valueAt(body, error.instancePath);
      if (value !== undefined) detail.value = typeof value === 'string' ? value : JSON.stringify(value);
    }
    result.push(detail);
  }
  return result;
}

function check(name: DocumentName, schema: string, body: unknown): PayPalErrorDetail[] {
  const validate = validator(name, schema);
  return validate(body) ? [] : details(validate.errors ?? [], body);
}

/** `POST /v2/checkout/orders` body against `order_request`. */
export function orderRequestErrors(body: unknown): PayPalErrorDetail[] {
  return check('orders', 'order_request', body);
}

/** `POST /v2/checkout/orders/{id}/capture` body against `order_capture_request`. */
export function captureRequestErrors(body: unknown): PayPalErrorDetail[] {
  return check('orders', 'order_capture_request', body);
}

/** `POST /v1/notifications/verify-webhook-signature` body against `verify_webhook_signature`. */
export function verifyWebhookSignatureErrors(body: unknown): PayPalErrorDetail[] {
  return check('webhooks', 'verify_webhook_signature', body);
}
