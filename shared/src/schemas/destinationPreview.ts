import { z } from 'zod';
import { ZId } from './common.ts';
import { leadTools } from './events.ts';

/**
 * Settings → a destination's "Preview a sample lead" (issue 33): the exact requests one sample lead, made
 * from an item of the owner's, would send to that destination, secrets redacted. Nothing is sent.
 */

export const previewItemKinds = leadTools;
export type TPreviewItemKind = (typeof previewItemKinds)[number];

export const destinationPreviewMessages = {
  kind: 'Choose the kind of item: quiz, poll, feedback or wheel',
  item: 'Choose one of your items',
  itemWithoutKind: 'Choose the kind of the item too',
  notFound: 'No such destination in this account',
  itemNotFound: 'No such item in this account',
  shopsOnly: 'Shopify customers and Flow are for shops only.',
  resultEmail: 'A result email is previewed beside its text, in the quiz’s Lead tab.',
};

export const ZDestinationPreviewParams = z.object({ destinationId: ZId });

/** Without an item: the most recent quiz, else any item, else the generic sample lead of Test connection. */
export const ZDestinationPreviewQuery = z
  .object({
    kind: z.enum(previewItemKinds, { error: destinationPreviewMessages.kind }).optional(),
    item: z.uuid({ error: destinationPreviewMessages.item }).optional(),
  })
  .refine((query) => query.item === undefined || query.kind !== undefined, {
    message: destinationPreviewMessages.itemWithoutKind,
    path: ['kind'],
  });

export const ZPreviewItem = z.object({ kind: z.enum(previewItemKinds), id: z.string(), title: z.string() });
export type TPreviewItem = z.infer<typeof ZPreviewItem>;

export const ZPreviewRequest = z.object({
  /** What the request does, e.g. 'Add or update the profile'. */
  label: z.string(),
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type TPreviewRequest = z.infer<typeof ZPreviewRequest>;

export const ZDestinationPreview = z.object({
  /** The item the sample lead answered; null for the generic sample (the account has no items). */
  item: ZPreviewItem.nullable(),
  /** The owner's items, for the picker. */
  items: z.array(ZPreviewItem),
  requests: z.array(ZPreviewRequest),
  /** Why there are no requests (the settings cannot make them), when there are none. */
  message: z.string().optional(),
});
export type TDestinationPreview = z.infer<typeof ZDestinationPreview>;
export const ZDestinationPreviewResponse = z.object({ data: ZDestinationPreview });

/** The modal's texts. */
export const destinationPreviewTexts = {
  button: 'Preview a sample lead',
  /** The button's accessible name, telling one destination's from another's (several webhooks). */
  buttonFor: (destination: string) => `Preview a sample lead sent to ${destination}`,
  title: (destination: string) => `What one sample lead sends to ${destination}`,
  intro:
    'Nothing is sent. These are the exact requests a lead answering the chosen item would make, built by the same code that delivers real leads; secrets are redacted.',
  item: 'Sample lead from',
  genericSample: 'A generic sample (you have no items yet)',
  loading: 'Building the preview…',
  empty: 'This destination sends nothing for this lead.',
  failed: 'The preview could not be built.',
  retry: 'Try again',
  headers: 'Headers',
  body: 'Body',
  copy: 'Copy body',
  copied: 'Body copied',
  untitled: '(untitled)',
  /** How the title names the notification email destination. */
  notificationEmail: 'your notification email',
  shopifyCustomers: 'your Shopify customers',
  kinds: { quiz: 'Quiz', poll: 'Poll', feedback: 'Web response', wheel: 'Wheel' } satisfies Record<TPreviewItemKind, string>,
};
