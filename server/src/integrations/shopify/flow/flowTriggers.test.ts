import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { shopifyRoutePaths } from '../routePaths.ts';
import { shopifyApiVersion } from '../shopifyApp.ts';
import { flowCommonFields, flowTriggerHandles, flowTriggers, flowTriggersOf } from './flowTriggers.ts';

/**
 * The Flow trigger extensions (extensions/<handle>/shopify.extension.toml) against the documented shape
 * (reference C6: the trigger reference and the CLI's flow_trigger specification) and against the list
 * the server sends (flowTriggers.ts).
 */

interface ExtensionToml {
  extensions: Record<string, unknown>[];
  settings?: { fields?: Record<string, unknown>[] };
}

const extensionsDir = new URL('../../../../../extensions/', import.meta.url);
const read = (folder: string) =>
  parse(readFileSync(new URL(`${folder}/shopify.extension.toml`, extensionsDir), 'utf8')) as unknown as ExtensionToml;
const folders = readdirSync(extensionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const triggerFolders = folders.filter((folder) => read(folder).extensions?.[0]?.type === 'flow_trigger');
const appToml = parse(readFileSync(new URL('../../../../../shopify.app.toml', import.meta.url), 'utf8')) as {
  webhooks: { api_version: string };
  access_scopes: { scopes: string };
};

/** The CLI's supportedTriggerTypes plus the reference fields (reference C6). */
const triggerFieldTypes = new Set(['boolean', 'email', 'single_line_text_field', 'url', 'number_decimal']);
const referenceTypes = new Set([
  'customer_reference',
  'order_reference',
  'product_reference',
  'company_reference',
  'company_contact_reference',
]);

describe('Shopify Flow trigger extensions', () => {
  it('has one extension per trigger the server sends, in a folder named by its handle', () => {
    expect(triggerFolders.sort()).toEqual([...flowTriggerHandles].sort());
  });

  it.each(flowTriggers.map((trigger) => [trigger.handle, trigger] as const))('%s has the documented shape', (handle, trigger) => {
    const toml = read(handle);
    expect(toml.extensions).toHaveLength(1);
    const extension = toml.extensions[0]!;
    expect(Object.keys(extension).sort()).toEqual(['description', 'handle', 'name', 'type']);
    expect(extension).toEqual({ type: 'flow_trigger', handle, name: trigger.name, description: trigger.description });
    // Handles: at most 30 characters of letters, digits and hyphens.
    expect(handle).toMatch(/^[a-z0-9-]{1,30}$/);
    const fields = toml.settings?.fields ?? [];
    for (const field of fields) {
      if (referenceTypes.has(String(field.type))) {
        // A reference field has no key: it becomes `<object>_id` in the payload.
        expect(field.key).toBeUndefined();
        continue;
      }
      expect(triggerFieldTypes.has(String(field.type)), String(field.type)).toBe(true);
      // Keys: letters and spaces only (the CLI's regex), the payload's key as written.
      expect(field.key).toMatch(/^[a-zA-Z\s]+$/);
      expect(Object.keys(field).every((name) => ['type', 'key', 'description'].includes(name))).toBe(true);
    }
    expect(fields.map(({ type, key }) => (key === undefined ? { type } : { type, key }))).toEqual([
      ...flowCommonFields,
      ...trigger.extraFields,
    ]);
    const keys = fields.map((field) => field.key).filter(Boolean);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares the lifecycle callback at the server route that answers it', () => {
    const callback = folders.map(read).filter((toml) => toml.extensions?.[0]?.type === 'flow_trigger_lifecycle_callback');
    expect(callback).toHaveLength(1);
    expect(callback[0]!.extensions[0]).toMatchObject({ url: shopifyRoutePaths.flowLifecycle });
  });

  it('sends the triggers through the Admin API version shopify.app.toml names, with the customer scope the reference needs', () => {
    expect(appToml.webhooks.api_version).toBe(shopifyApiVersion);
    // A customer_reference field needs read_customers; write_customers grants it.
    expect(appToml.access_scopes.scopes.split(',')).toContain('write_customers');
  });

  it('maps each event to its triggers: a spin with a prize code is "Prize won" and "Wheel spun"', () => {
    expect(flowTriggersOf({ type: 'play.completed' })).toEqual(['quiz-completed']);
    expect(flowTriggersOf({ type: 'lead.captured' })).toEqual(['lead-captured']);
    expect(flowTriggersOf({ type: 'poll.voted' })).toEqual(['poll-voted']);
    expect(flowTriggersOf({ type: 'feedback.sent' })).toEqual(['web-response-sent']);
    expect(flowTriggersOf({ type: 'wheel.spun', prize: {} })).toEqual(['wheel-spun']);
    expect(flowTriggersOf({ type: 'wheel.spun', prize: { code: 'SAVE10' } })).toEqual(['prize-won', 'wheel-spun']);
  });
});
