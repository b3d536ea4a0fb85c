import { ZWebhookEndpoint, type TWebhookEndpoint } from '@quizlead/shared/schemas/integrations.ts';

/** The settings screen's fixtures, parsed with the shared schemas as the API would answer them. */

/** Webhook endpoint number `n` (its id and URL end in it), enabled, with `change` on top. */
export const webhook = (n: number, change: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint =>
  ZWebhookEndpoint.parse({
    id: `7a1b2c3d-4e5f-4a6b-8c7d-${String(n).padStart(12, '0')}`,
    url: `https://hooks.example.com/${n}`,
    enabled: true,
    disabledReason: null,
    secret: `whsec_••••••••000${n}`,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...change,
  });
