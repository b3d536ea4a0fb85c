import { z } from 'zod';
import { adPixelFields } from './adPixels.ts';
import { notificationLimits } from './notifications.ts';

/**
 * Settings → Integrations (spec: account-player-management.md §2 "Settings / Integrations", §3 CRM setting,
 * Email notification setting, Affiliate, §4 CRM panel and Email notifications, §8 Settings and
 * Webhook messages): the owner's requests and answers, the texts, and the form fields of every CRM.
 * The server checks a CRM's settings with the provider's own schema (server/src/integrations/crm);
 * the field list here only draws the form, and a server test keeps the two in step.
 */

export const integrationLimits = {
  /** Webhook endpoints per account. */
  webhooks: 10,
  webhookUrl: 2000,
  /** Any one CRM setting's text. */
  crmValue: 500,
  crmFields: 20,
} as const;

export const integrationMessages = {
  // §8, spelled right (docs/decisions/018-spec-texts-in-one-module-misspellings-corrected.md).
  settingsUpdated: 'Settings updated successfully!!',
  settingsErrorTitle: 'Settings Update',
  settingsError: 'Error in updating settings!!',
  webhookIntegrated: 'Webhook integrated successfully!!',
  webhookErrorTitle: 'Webhook Integration',
  webhookError: 'Error in integrating webhook!!',
  // Not in the spec: what the screen and the server say besides.
  /** A saved switch or list the spec's CRM settings do not cover (notifications, Shopify customers, a webhook). */
  saved: 'Settings updated.',
  providerRequired: 'Choose your CRM',
  providerUnknown: 'Choose a CRM from the list',
  recipientsRequired: 'Enter at least one email address, or switch off additional recipients',
  webhookUrlRequired: 'Enter the URL that should receive the webhooks',
  webhookUrlTooLong: `The URL may be at most ${integrationLimits.webhookUrl} characters`,
  webhookLimit: `You can add at most ${integrationLimits.webhooks} webhook endpoints`,
  webhookDeleted: 'The webhook endpoint is deleted.',
  webhookRotated: 'A new signing secret is made. The previous one keeps signing for 24 hours.',
  secretOnce: 'Copy the signing secret now: it is shown only this once.',
  crmTestSent: (label: string, email: string) => `${label} accepted the sample contact ${email}.`,
  webhookTestSent: (status: number) => `The endpoint answered ${status}: the test event was delivered.`,
  /** The help of a saved secret field. */
  secretKept: (masked: string) => `Saved ${masked} — leave empty to keep`,
  unsubscribeConfirmTitle: 'Unsubscribe from lead notifications?',
  unsubscribeConfirm: (email: string) => `${email} will no longer get an email when a visitor leaves their details.`,
  unsubscribeButton: 'Unsubscribe',
  unsubscribedTitle: 'You are unsubscribed',
  unsubscribed: (email: string) => `You will no longer receive lead notifications at ${email}.`,
  unsubscribeInvalidTitle: 'This unsubscribe link is not valid',
  unsubscribeInvalid: 'The link may have been cut short by your mail program. Use the link in a newer email.',
} as const;

// ---- The CRM providers' form fields ----

export type TCrmFieldType = 'text' | 'password' | 'email' | 'url' | 'checkbox';

export interface TCrmField {
  /** The setting's key, as the provider's schema names it (the spec's crmdata names). */
  name: string;
  label: string;
  /** 'password' for the secret fields: sealed at rest, never shown again. */
  type: TCrmFieldType;
  required: boolean;
  help?: string;
}

export interface TCrmProviderForm {
  id: string;
  label: string;
  /** What each lead brings to this CRM, shown under the CRM select (issue 33). */
  receives: string;
  fields: TCrmField[];
}

/**
 * What each CRM receives of a lead (Settings, under the CRM select). The five with custom fields get every
 * answer as a field of its own, made on first use; the others what their adapters send today.
 */
export const crmReceives = {
  customFields: 'Answers as custom fields: one per question, created the first time it is answered. The result as tags.',
  mailerlite:
    'Answers as custom fields: one per question, created the first time it is answered. The result as groups. The phone, when asked for.',
  agilecrm: 'The name, the result as custom properties (Result, Score…), and the result as tags.',
  birdsend: 'The name and the result as tags.',
  sendfox: 'The name, the list, and the result and tags as contact fields.',
  vbout: 'The email only, on the list (custom fields need ids this form does not carry).',
  useinbox: 'The email only, on the contact list.',
  brevo:
    'Answers as custom fields (contact attributes): one per question, created the first time it is answered. The list with consent.',
  klaviyo:
    'Every answer and the result as profile properties, one event a submission (Completed quiz, Voted in poll…), and the list with consent. The phone, subscribed to SMS with its own consent box.',
  acumbamail: 'The email only, on the list.',
} as const;

const tag: TCrmField = {
  name: 'tag',
  label: 'Tag',
  type: 'text',
  required: false,
  help: 'Added to every contact, besides one tag per result. A quiz’s own CRM tag (Advanced tab) is added too.',
};
const secret = (name: string, label: string, help?: string): TCrmField => ({
  name,
  label,
  type: 'password',
  required: true,
  ...(help ? { help } : {}),
});
const text = (name: string, label: string, required: boolean, help?: string): TCrmField => ({
  name,
  label,
  type: 'text',
  required,
  ...(help ? { help } : {}),
});

/** The twelve CRMs in the registry's order (server/src/integrations/crm/providers.ts). */
export const crmProviderForms: readonly TCrmProviderForm[] = [
  {
    id: 'getresponse',
    label: 'GetResponse',
    receives: crmReceives.customFields,
    fields: [
      secret('api_key', 'API key', 'In GetResponse: Tools → Integrations and API → API.'),
      text('campaignid', 'List token (campaign id)', true, 'In GetResponse: Lists → your list → Settings → List token.'),
      tag,
    ],
  },
  {
    id: 'agilecrm',
    label: 'Agile CRM',
    receives: crmReceives.agilecrm,
    fields: [
      text('agilecrm_domain', 'Domain', true, 'The part before .agilecrm.com in your Agile CRM address.'),
      { name: 'agilecrm_email', label: 'Account email', type: 'email', required: true, help: 'The email you sign in with.' },
      secret('api_key', 'REST API key', 'In Agile CRM: Admin Settings → Developers & API.'),
      tag,
    ],
  },
  {
    id: 'activecampaign',
    label: 'ActiveCampaign',
    receives: crmReceives.customFields,
    fields: [
      secret('api_key', 'API key', 'In ActiveCampaign: Settings → Developer.'),
      {
        name: 'activecampaign_account',
        label: 'API URL',
        type: 'url',
        required: true,
        help: 'e.g. https://youraccount.api-us1.com (Settings → Developer).',
      },
      text('campaignid', 'List id', false, 'A number; leave empty to add contacts to no list.'),
      tag,
    ],
  },
  {
    id: 'mailerlite',
    label: 'MailerLite',
    receives: crmReceives.mailerlite,
    fields: [
      secret('api_key', 'API token', 'In MailerLite: Integrations → MailerLite API.'),
      text('campaignid', 'Group id', false, 'A number; leave empty to add subscribers to no group.'),
      tag,
    ],
  },
  {
    id: 'mailchimp',
    label: 'Mailchimp',
    receives: crmReceives.customFields,
    fields: [
      secret('api_key', 'API key', 'Ends in your data centre, e.g. -us6 (Profile → Extras → API keys).'),
      text('campaignid', 'Audience id', true, 'Audience → Settings → Audience name and defaults.'),
      tag,
      { name: 'double_optin', label: 'Ask new contacts to confirm (double opt-in)', type: 'checkbox', required: false },
    ],
  },
  {
    id: 'birdsend',
    label: 'BirdSend',
    receives: crmReceives.birdsend,
    fields: [secret('api_key', 'Personal access token', 'In BirdSend: Settings → API.'), tag],
  },
  {
    id: 'sendfox',
    label: 'SendFox',
    receives: crmReceives.sendfox,
    fields: [
      secret('api_key', 'Personal access token', 'In SendFox: Account → API.'),
      text('campaignid', 'List id', false, 'A number; leave empty to add contacts to no list.'),
    ],
  },
  {
    id: 'vbout',
    label: 'Vbout',
    receives: crmReceives.vbout,
    fields: [
      secret('api_key', 'API key', 'In Vbout: Settings → API Integrations.'),
      text('campaignid', 'List id', true, 'A number: the list new contacts join.'),
    ],
  },
  {
    id: 'useinbox',
    label: 'UseInbox',
    receives: crmReceives.useinbox,
    fields: [
      { name: 'username', label: 'Account email', type: 'email', required: true },
      secret('password', 'Account password'),
      text('campaignid', 'Contact list id', true),
    ],
  },
  {
    id: 'brevo',
    label: 'Brevo (formerly Sendinblue)',
    receives: crmReceives.brevo,
    fields: [
      secret('api_key', 'API key', 'In Brevo: SMTP & API → API keys.'),
      text('campaignid', 'List id', false, 'A number; leave empty to add contacts to no list.'),
    ],
  },
  {
    id: 'klaviyo',
    label: 'Klaviyo',
    receives: crmReceives.klaviyo,
    fields: [
      secret('password', 'Private API key', 'Starts with pk_ (Settings → API keys).'),
      text('campaignid', 'List id', false, 'e.g. Y6nRLr; leave empty to add profiles to no list.'),
      {
        name: 'flat_properties',
        label: 'Name answer properties without the quiz’s key',
        type: 'checkbox',
        required: false,
        help: 'On: skin_type. Off (default): skin_quiz.skin_type, so two quizzes that ask the same question keep both answers.',
      },
    ],
  },
  {
    id: 'acumbamail',
    label: 'Acumbamail',
    receives: crmReceives.acumbamail,
    fields: [
      secret('api_key', 'Auth token', 'In Acumbamail: your account → API.'),
      text('campaignid', 'List id', true, 'A number: the list new subscribers join.'),
    ],
  },
];

export const findCrmProviderForm = (id: string) => crmProviderForms.find((provider) => provider.id === id);

// ---- Requests ----

const ZCrmValue = z.union([z.string().max(integrationLimits.crmValue), z.boolean()]);

/** PUT /settings/crm and POST /settings/crm/test. An empty secret keeps the saved one (same provider). */
export const ZCrmSettingsRequest = z.object({
  enabled: z.boolean(),
  /** A provider id; may be empty while the CRM is switched off. */
  provider: z.string().trim().max(40).default(''),
  settings: z
    .record(z.string().max(60), ZCrmValue)
    .refine((settings) => Object.keys(settings).length <= integrationLimits.crmFields, 'Too many settings')
    .default({}),
});
export type TCrmSettingsRequest = z.input<typeof ZCrmSettingsRequest>;

export const notificationModes = ['immediate', 'digest'] as const;
export type TNotificationMode = (typeof notificationModes)[number];
export const notificationModeLabels: Record<TNotificationMode, string> = {
  immediate: 'Immediately, one email a lead',
  digest: 'Hourly digest',
};

/**
 * PUT /settings/notifications. `enabled` is the main switch (emailnotificationstatus),
 * `additionalEnabled` the additional recipients' flag (emailnotificationflag), `recipients` the
 * comma-separated list (checked by the server with ZRecipientList).
 */
export const ZNotificationSettingsRequest = z.object({
  enabled: z.boolean(),
  additionalEnabled: z.boolean(),
  recipients: z
    .string()
    .max(notificationLimits.recipients * (notificationLimits.email + 2))
    .default(''),
  mode: z.enum(notificationModes).default('immediate'),
  /** Addresses that unsubscribed and should get the emails again (the owner asks for them by name). */
  resubscribe: z.array(z.string().max(notificationLimits.email)).max(100).default([]),
});
export type TNotificationSettingsRequest = z.input<typeof ZNotificationSettingsRequest>;

/**
 * The spec's coupling (§4): turning the additional recipients on turns the main switch on too;
 * turning the main switch off leaves the additional flag as it was.
 */
export function coupleNotificationSwitches<T extends { enabled: boolean; additionalEnabled: boolean }>(before: T, after: T): T {
  return after.additionalEnabled && !before.additionalEnabled ? { ...after, enabled: true } : after;
}

export const ZWebhookUrlField = z
  .string({ error: integrationMessages.webhookUrlRequired })
  .trim()
  .min(1, integrationMessages.webhookUrlRequired)
  .max(integrationLimits.webhookUrl, integrationMessages.webhookUrlTooLong);

export const ZWebhookCreateRequest = z.object({ url: ZWebhookUrlField });
export type TWebhookCreateRequest = z.input<typeof ZWebhookCreateRequest>;

export const ZWebhookUpdateRequest = z.object({ url: ZWebhookUrlField, enabled: z.boolean() });
export type TWebhookUpdateRequest = z.input<typeof ZWebhookUpdateRequest>;

export const ZShopifyCustomersRequest = z.object({ enabled: z.boolean() });

// ---- Answers ----

export const ZCrmSetting = z.object({
  /** The destination's id (its preview's address). */
  id: z.string().optional(),
  enabled: z.boolean(),
  provider: z.string(),
  /** The non-secret values. */
  settings: z.record(z.string(), z.union([z.string(), z.boolean()])),
  /** Each saved secret, masked ('••••••••1234'): never the value. */
  secrets: z.record(z.string(), z.string()),
  /** Why the pipeline switched it off; cleared by saving. */
  disabledReason: z.string().nullable(),
});
export type TCrmSetting = z.infer<typeof ZCrmSetting>;

export const ZCrmField = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'password', 'email', 'url', 'checkbox']),
  required: z.boolean(),
  help: z.string().optional(),
});

export const ZCrmProviderForm = z.object({ id: z.string(), label: z.string(), receives: z.string(), fields: z.array(ZCrmField) });

export const ZNotificationSetting = z.object({
  /** The destination's id (its preview's address), once the settings were saved. */
  id: z.string().optional(),
  enabled: z.boolean(),
  additionalEnabled: z.boolean(),
  /** The additional recipients as the field shows them: 'a@x.com, b@y.com'. */
  recipients: z.string(),
  mode: z.enum(notificationModes),
  /** The owner's address, which always gets the mails while the main switch is on. */
  ownerEmail: z.string(),
  /** Addresses that used an email's unsubscribe link; adding one again, or `resubscribe`, brings it back. */
  unsubscribed: z.array(z.string()),
});
export type TNotificationSetting = z.infer<typeof ZNotificationSetting>;

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  /** Why the pipeline switched it off (5 days of failures, 410 Gone). */
  disabledReason: z.string().nullable(),
  /** 'whsec_••••••••1x2Y': the secret itself is shown once, when made. */
  secret: z.string(),
  createdAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** For shops: every lead a customer of the shop; `id`, the destination's (its preview's address), once switched. */
export const ZShopifyCustomers = z.object({ id: z.string().optional(), available: z.boolean(), enabled: z.boolean() });
export type TShopifyCustomers = z.infer<typeof ZShopifyCustomers>;

/** The account's default Meta Pixel and TikTok Pixel ids (issue 35): a quiz's own id wins over its default. */
export const ZAdPixelDefaults = z.object(adPixelFields);
export type TAdPixelDefaults = z.infer<typeof ZAdPixelDefaults>;

export const ZIntegrations = z.object({
  crm: ZCrmSetting.nullable(),
  providers: z.array(ZCrmProviderForm),
  notifications: ZNotificationSetting,
  webhooks: z.array(ZWebhookEndpoint),
  shopifyCustomers: ZShopifyCustomers,
  adPixels: ZAdPixelDefaults,
});
export type TIntegrations = z.infer<typeof ZIntegrations>;

export const ZIntegrationsResponse = z.object({ data: ZIntegrations });
/** null: no CRM was ever saved (switching off keeps a saved one). */
export const ZCrmSettingResponse = z.object({ data: ZCrmSetting.nullable() });
export const ZNotificationSettingResponse = z.object({ data: ZNotificationSetting });
export const ZShopifyCustomersResponse = z.object({ data: ZShopifyCustomers });
export const ZWebhookResponse = z.object({ data: ZWebhookEndpoint });

/** A new or rotated endpoint with its whole secret: the one time it is shown. */
export const ZWebhookWithSecretResponse = z.object({
  data: z.object({ webhook: ZWebhookEndpoint, secret: z.string() }),
});
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecretResponse>['data'];

const ZExchangeView = z.object({
  request: z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }),
  response: z.object({ status: z.number().int(), headers: z.record(z.string(), z.string()), body: z.string() }).optional(),
});

/** A Test connection / Send test: what the CRM or the endpoint answered, secrets redacted. */
export const ZConnectionTest = z.object({ ok: z.boolean(), message: z.string(), exchange: z.array(ZExchangeView) });
export type TConnectionTest = z.infer<typeof ZConnectionTest>;
export const ZConnectionTestResponse = z.object({ data: ZConnectionTest });
