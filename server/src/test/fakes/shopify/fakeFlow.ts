import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * Shopify Flow's side of `flowTriggerReceive(handle: String, payload: JSON)` for one shop (reference C6; the
 * fake Shopify has validated the document against the Admin schema before this runs). Flow knows the
 * app's deployed trigger extensions: this reads them from the project's `extensions/` folder, as
 * `shopify app deploy` would upload them, and answers a call as Flow documents it:
 *
 * - `handle` must name one of the app's `flow_trigger` extensions and `payload` must be given; the
 *   deprecated `body` is refused ("Use payload and handle").
 * - The payload's keys are the trigger's fields: `<object>_id` for a reference field (`customer_id`, a
 *   numeric id of a customer the shop has) and each custom field's `key` as written; a value matches its
 *   field's type (text for email, single-line text and url; a number for number_decimal; true/false for
 *   boolean). A key the trigger does not declare is refused.
 * - Size: the older docs' "under 1 MB" is refused above; the 50 KB figure is unverified (reference F.8),
 *   so a payload above it is recorded in `unverified`, not refused.
 *
 * Every accepted call is kept in `calls`, every refused one in `refused`. The userErrors' wording is the
 * fake's own (Flow documents none).
 */

interface TriggerField {
  type: string;
  key?: string;
}

interface TriggerToml {
  extensions?: { type?: string; handle?: string }[];
  settings?: { fields?: TriggerField[] };
}

const extensionsDir = new URL('../../../../../extensions/', import.meta.url);
const documentedMaxBytes = 1024 * 1024;
const unverifiedMaxBytes = 50 * 1024;

/** The app's deployed triggers: handle → its fields. */
function deployedTriggers(): Map<string, TriggerField[]> {
  const triggers = new Map<string, TriggerField[]>();
  for (const entry of readdirSync(extensionsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    let text: string;
    try {
      text = readFileSync(new URL(`${entry.name}/shopify.extension.toml`, extensionsDir), 'utf8');
    } catch {
      continue;
    }
    const toml = parse(text) as TriggerToml;
    const extension = toml.extensions?.[0];
    if (extension?.type === 'flow_trigger' && extension.handle) triggers.set(extension.handle, toml.settings?.fields ?? []);
  }
  return triggers;
}

export interface FlowTriggerCall {
  handle: string;
  payload: Record<string, unknown>;
}

type UserError = { field: string[] | null; message: string };

export class FakeFlow {
  readonly calls: FlowTriggerCall[] = [];
  readonly refused: { handle: unknown; payload: unknown; userErrors: UserError[] }[] = [];
  /** What the reference leaves unverified and the fake let through (section F.8). */
  readonly unverified: string[] = [];
  readonly #customerExists: (id: string) => boolean;
  readonly #triggers = deployedTriggers();

  constructor(customerExists: (id: string) => boolean) {
    this.#customerExists = customerExists;
  }

  mutationFields(): Record<string, unknown> {
    return {
      flowTriggerReceive: (args: { handle?: string | null; payload?: unknown; body?: string | null }) => this.#receive(args),
    };
  }

  #receive(args: { handle?: string | null; payload?: unknown; body?: string | null }) {
    const userErrors = this.#check(args);
    if (userErrors.length > 0) {
      this.refused.push({ handle: args.handle, payload: args.payload, userErrors });
      return { userErrors };
    }
    this.calls.push({ handle: args.handle!, payload: args.payload as Record<string, unknown> });
    return { userErrors: [] };
  }

  #check(args: { handle?: string | null; payload?: unknown; body?: string | null }): UserError[] {
    const error = (field: string, message: string): UserError[] => [{ field: [field], message }];
    if (args.body !== undefined && args.body !== null) return error('body', 'Use payload and handle');
    const fields = args.handle ? this.#triggers.get(args.handle) : undefined;
    if (!fields) return error('handle', `No trigger with handle ${JSON.stringify(args.handle)}`);
    const payload = args.payload;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
      return error('payload', 'Payload must be an object');
    const bytes = Buffer.byteLength(JSON.stringify(payload), 'utf8');
    if (bytes >= documentedMaxBytes) return error('payload', 'Payload must be under 1 MB');
    if (bytes > unverifiedMaxBytes) this.unverified.push(`payload of ${bytes} bytes for ${args.handle} (over 50 KB, unverified)`);
    const declared = new Map<string, string>();
    for (const field of fields) {
      const reference = /^(\w+)_reference$/.exec(field.type);
      declared.set(reference ? `${reference[1]}_id` : (field.key ?? ''), field.type);
    }
    for (const [key, value] of Object.entries(payload)) {
      const type = declared.get(key);
      if (!type) return error('payload', `Field ${JSON.stringify(key)} is not defined for trigger ${args.handle}`);
      if (!valueFits(type, value)) return error('payload', `Field ${JSON.stringify(key)} must be a ${type}`);
      if (type === 'customer_reference' && !this.#customerExists(`gid://shopify/Customer/${value}`)) {
        return error('payload', `Customer ${String(value)} does not exist`);
      }
    }
    return [];
  }
}

function valueFits(type: string, value: unknown): boolean {
  if (type.endsWith('_reference')) return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
  if (type === 'number_decimal') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'single_line_text_field') return typeof value === 'string' && !/[\r\n]/.test(value);
  if (type === 'email' || type === 'url') return typeof value === 'string';
  // schema.<Type> fields are not used by the app's triggers: refuse rather than guess.
  return false;
}
