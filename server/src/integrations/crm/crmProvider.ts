import type { z } from 'zod';
import type { TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';

/**
 * What every CRM integration is given and answers (issue 12; reference: crm-webhooks-payments.md
 * Part A). One module a provider, `server/src/integrations/crm/<provider>.ts`, each exporting a
 * `CrmProvider`; the delivery pipeline calls `upsertContact` and decides on retries from the outcome.
 */

/** Where a lead came from. */
export type LeadTool = 'quiz' | 'poll' | 'feedback' | 'wheel';

/** A captured lead as every destination receives it. */
export interface Lead {
  email: string;
  /** As the visitor typed it; may be empty. */
  name: string;
  tool: LeadTool;
  item: { id: string; title: string };
  /** What the visitor got: any of these that apply. */
  result: {
    outcome?: string;
    score?: number;
    percentage?: number;
    personality?: string;
    vote?: string;
    rating?: string;
    prize?: string;
    /** The recommended products' titles, best first, joined by ', '. */
    products?: string;
  };
  /**
   * The item's property key, the prefix of its answers where a destination namespaces them (Klaviyo's
   * `skin_quiz.skin_type`, a Shopify metafield per item).
   */
  itemKey: string;
  /** Every answer, in the item's order, under its property key (shared/src/schemas/answerProperties.ts). */
  answers: TLeadAnswer[];
  /** The visitor agreed to hear from the owner. */
  consent: boolean;
  /** The optional phone of the lead form, in E.164. */
  phone?: string;
  /** The separate SMS consent checkbox was ticked for that phone (false without a phone). */
  smsConsent: boolean;
  /** The item's CRM tag (Advanced tab) plus one automatic tag per result, e.g. 'quizlead-personality-adventurer'. */
  tags: string[];
  capturedAt: string;
  /** The shop's customer gid when the submission named one (the post-purchase survey's buyer). */
  shopifyCustomerId?: string;
}

/** Calls go out through externalFetch (the EXTERNAL_API_ORIGIN seam), never the global fetch. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What one call to a CRM knows besides the lead. */
export interface CrmCall {
  /**
   * The delivery's id, the same on every retry: an idempotency key where the provider takes one
   * (Klaviyo's event `unique_id`). Test connection makes one of its own.
   */
  deliveryId: string;
  /**
   * Test connection's sample lead: recorded where the provider can without starting the owner's automations
   * (Klaviyo's event `backfill`), since no visitor is behind it.
   */
  sample?: true;
  /**
   * The custom fields this destination already has in the provider, one per answer's property key
   * (Mailchimp merge fields, ActiveCampaign fields, Brevo attributes, MailerLite fields, GetResponse
   * custom fields): a delivery keeps the ones it finds or creates, and two deliveries at once never
   * both create one. The database gives it for a destination (db/queries/crmFields.ts); adapters only
   * see this interface.
   */
  fields: CrmFieldStore;
}

/** A custom field made (or found) in the provider for one property, as a destination remembers it. */
export interface CrmField {
  /** `<item key>.<property key>`: what the field holds. */
  key: string;
  /** How the provider addresses it on a contact: a merge tag, a field id, an attribute name, a field key. */
  ref: string;
  /** Its name in the provider (Mailchimp: its tag). */
  name: string;
  /** A number field takes numbers only; a text field any answer (several choices joined). */
  type: 'number' | 'text';
}

export interface CrmFieldStore {
  /** The fields already kept for these keys. */
  known(keys: readonly string[]): Promise<Map<string, CrmField>>;
  /**
   * Runs `make` alone among the deliveries to the same destination (others wait), given the fields
   * kept by the time it runs, and keeps the fields it answers as `made`.
   */
  alone<T>(make: (known: Map<string, CrmField>) => Promise<{ made: CrmField[]; value: T }>): Promise<T>;
}

/** The request and response as the delivery log shows them: secrets redacted by the provider. */
export interface Exchange {
  request: { method: string; url: string; headers: Record<string, string>; body: string };
  response?: { status: number; headers: Record<string, string>; body: string };
}

/**
 * One request a destination would send for a lead, as Settings' preview shows it (issue 33): built by the
 * same function the delivery sends with, nothing sent, secrets redacted. `label` names its step.
 */
export interface PreviewRequest {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A preview's answer: the requests, or why the settings cannot make them. */
export type PreviewOutcome = { ok: true; requests: PreviewRequest[] } | { ok: false; message: string };

export type DeliveryOutcome =
  | {
      ok: true;
      exchange: Exchange[];
      /** What the delivery left out and why (answers a provider's limits refused), for the owner. */
      message?: string;
    }
  | {
      ok: false;
      /** false for answers that cannot succeed on retry (bad key, 401, 403, 404, a refused list): the delivery goes dead at once. */
      retryable: boolean;
      /** From 429 / Retry-After or the provider's reset header. */
      retryAfterMs?: number;
      /** The provider's own message, for the owner. */
      message: string;
      exchange: Exchange[];
    };

export interface CrmProvider<TSettings> {
  id: string;
  /** As owners see it in Settings, e.g. 'Brevo (formerly Sendinblue)'. */
  label: string;
  /** The provider's own settings fields (api key, list id, domain…), validated on save. */
  settings: z.ZodType<TSettings>;
  /** Names of settings that are secrets: encrypted at rest, masked when shown, redacted in logs. */
  secretFields: readonly (keyof TSettings & string)[];
  /** Adds the lead, or updates the contact when the email is already there; never fails on a duplicate. */
  upsertContact(lead: Lead, settings: TSettings, fetch: Fetch, call: CrmCall): Promise<DeliveryOutcome>;
  /**
   * The requests of `upsertContact` that carry the lead's data (not the lookups), built by the same
   * functions, sent nowhere: fields the store keeps with their refs, the others as they would be created;
   * ids only a provider's earlier answer gives show as placeholders like `{contact id}`.
   */
  preview(lead: Lead, settings: TSettings, fields: CrmFieldStore): Promise<PreviewRequest[] | string>;
}

/**
 * A provider with its settings type forgotten, for lists (the Settings page, the delivery task): the
 * settings it is handed are checked by the provider's own schema first, so stored settings that no
 * longer fit end the delivery with a clear reason instead of a malformed call.
 */
export interface RegisteredCrmProvider {
  id: string;
  label: string;
  settings: z.ZodType<unknown>;
  secretFields: readonly string[];
  upsertContact(lead: Lead, settings: unknown, fetch: Fetch, call: CrmCall): Promise<DeliveryOutcome>;
  preview(lead: Lead, settings: unknown, fields: CrmFieldStore): Promise<PreviewOutcome>;
}

export function registerCrmProvider<TSettings>(provider: CrmProvider<TSettings>): RegisteredCrmProvider {
  const parse = (settings: unknown) => {
    const parsed = provider.settings.safeParse(settings);
    if (parsed.success) return { ok: true as const, settings: parsed.data };
    const field = parsed.error.issues[0]?.path.join('.') || 'settings';
    return { ok: false as const, message: `${provider.label}: the ${field} setting is missing or invalid.` };
  };
  return {
    id: provider.id,
    label: provider.label,
    settings: provider.settings,
    secretFields: provider.secretFields,
    async upsertContact(lead, settings, fetch, call) {
      const parsed = parse(settings);
      if (!parsed.ok) return { ok: false, retryable: false, message: parsed.message, exchange: [] };
      return provider.upsertContact(lead, parsed.settings, fetch, call);
    },
    async preview(lead, settings, fields) {
      const parsed = parse(settings);
      if (!parsed.ok) return parsed;
      const requests = await provider.preview(lead, parsed.settings, fields);
      return typeof requests === 'string' ? { ok: false, message: requests } : { ok: true, requests };
    },
  };
}
