import {
  destinationPreviewMessages,
  ZDestinationPreviewParams,
  ZDestinationPreviewQuery,
  ZDestinationPreviewResponse,
  type TDestinationPreview,
} from '@quizlead/shared/schemas/destinationPreview.ts';
import { findOwnDestination } from '../../../db/queries/destinations.ts';
import { findPreviewItem, listPreviewItems } from '../../../db/queries/previewItems.ts';
import { NotFoundError } from '../../../errors.ts';
import { previewDestination } from '../../../integrations/preview/destinationPreview.ts';
import { genericSample, sampleItemLead } from '../../../integrations/preview/sampleLead.ts';
import { destinationDeps } from '../../../commands/deliveryAttempter.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/**
 * Settings → a destination's "Preview a sample lead" (issue 33): the exact requests one sample lead would
 * send to it, built by the delivery's own functions, secrets redacted; nothing is sent and nothing is
 * written. The sample answers the chosen item (default: the most recent quiz, else any item, else the
 * generic sample lead of Test connection).
 */
export function destinationPreviewRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/settings/destinations/:destinationId/preview',
    summary: 'What one sample lead, answering one of the owner’s items, would send to the destination (secrets redacted)',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    params: ZDestinationPreviewParams,
    query: ZDestinationPreviewQuery,
    responses: {
      200: ZDestinationPreviewResponse,
      400: 'kind or item',
      404: 'No such destination, or no such item, in this account',
    },
    handler: async ({ ctx, db, auth, params, query, services }) => {
      const destination = await findOwnDestination(db, auth.accountId, params.destinationId);
      const items = await listPreviewItems(db, auth.accountId);
      // An item named by kind and id; a kind alone: its most recent item; neither: the most recent quiz, else any item.
      const chosen =
        query.kind && query.item
          ? { kind: query.kind, id: query.item }
          : items.find((item) => query.kind === undefined || item.kind === query.kind);
      const item = chosen ? await findPreviewItem(db, auth.accountId, chosen.kind, chosen.id) : undefined;
      if (chosen && !item) throw NotFoundError(destinationPreviewMessages.itemNotFound);
      const sample = item ? sampleItemLead(item, auth.accountId) : genericSample(auth.accountId);
      const preview = await previewDestination(destination, sample, { ...destinationDeps(services), db });
      const answer: TDestinationPreview = {
        item: item ? { kind: item.kind, id: item.id, title: item.title } : null,
        items,
        requests: preview.requests,
        ...(preview.message ? { message: preview.message } : {}),
      };
      ctx.body = { data: answer };
    },
  });
}
