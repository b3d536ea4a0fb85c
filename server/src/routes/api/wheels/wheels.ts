import { wheelMessages } from '@quizlead/shared/engagement.ts';
import { prizeMessages, ZPrizeOptionsResponse } from '@quizlead/shared/schemas/prizes.ts';
import type { TWheelData } from '@quizlead/shared/schemas/wheel.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { Auth } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { isShopifyAccount, prizePoolStates } from '../../../commands/prizes/prizePool.ts';
import { prizeSlotsRemover, prizeSlotsSyncer, wheelPrizeSlots } from '../../../commands/prizes/prizeSlotsSyncer.ts';
import { unusedImageRemover } from '../../../commands/unusedImageRemover.ts';
import { ownUploadsChecker } from '../../../db/queries/fileUsage.ts';
import {
  wheelSpinCount,
  wheelSpinFields,
  wheelSpinsExport,
  wheelSpinsOf,
  wheelSpinTotal,
  type WheelSpinRow,
} from '../../../db/queries/wheels.ts';
import { wheels, wheelSpins } from '../../../db/schema/index.ts';
import { ValidationError } from '../../../errors.ts';
import { findOwnWheel, type WheelRow } from '../../../policies/wheel.ts';
import { presentWheel, presentWheelRow, presentWheelSpin } from '../../../presenters/wheel.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { engagementRoutes, type EngagementApi, type EngagementWrite } from '../engagement/engagementRoutes.ts';

/**
 * The stored columns of a wheel as the builder sends it; an uploaded play-button image must be the
 * account's own, and unique-code prizes are a Shopify shop's (they are Shopify discounts).
 */
async function wheelColumns(db: Db, auth: Pick<Auth, 'accountId'>, body: TWheelData) {
  const image = [{ field: 'playButtonImage', url: body.playButtonImage }];
  await ownUploadsChecker(db, auth.accountId, image, wheelMessages.playButtonImageInvalid);
  const prized = body.options.findIndex((option) => option.prize);
  if (prized >= 0 && !(await isShopifyAccount(db, auth.accountId))) {
    throw ValidationError(prizeMessages.shopifyOnly, `options.${prized}.prize`);
  }
  return {
    description: body.description,
    slug: slugify(body.description),
    options: body.options,
    published: body.status === 'published',
    collectEmail: body.collectEmail,
    allowRepeatSpins: body.allowRepeatSpins,
    ignoreEmailTags: body.ignoreEmailTags,
    playButtonType: body.playButtonType,
    playButtonText: body.playButtonText,
    playButtonImage: body.playButtonImage,
    askPhone: body.askPhone,
    smsConsentText: body.smsConsentText,
    resultEmail: body.resultEmail,
    resultEmailSubject: body.resultEmailSubject,
    resultEmailBody: body.resultEmailBody,
    metaPixelId: body.metaPixelId,
    tiktokPixelId: body.tiktokPixelId,
  };
}

/** An uploaded play-button image the wheel no longer shows goes once nothing else uses it. */
async function dropImage({ db, auth, services, afterCommit }: EngagementWrite, image: string | null) {
  if (image) await unusedImageRemover({ db, accountId: auth.accountId, urls: [image], storage: services.storage, afterCommit });
}

export const wheelKind: EngagementApi<'wheel', WheelRow, WheelSpinRow> = {
  kind: 'wheel',
  tag: 'wheels',
  noun: 'wheel',
  table: wheels,
  summaries: {
    list: 'The account’s wheel spinners, newest first, with their number of spins',
    create:
      'Create a wheel spinner (3 to 8 options, each with a weight and an optional prize code, or in a Shopify shop unique discount codes)',
    get: 'A wheel spinner with its options, weights and prize codes (unique-code slices with their pool)',
    update:
      'Save a wheel spinner (spins already made keep the result they drew; a changed unique-code prize gets a new Shopify discount, codes given keep theirs)',
    delete:
      'Delete a wheel spinner, its spins, its unique codes and its uploaded play-button image (Shopify keeps its discounts, so codes given still work)',
  },
  find: findOwnWheel,
  async present(db, wheel) {
    const [spins, pools] = await Promise.all([wheelSpinCount(db, wheel), prizePoolStates(db, wheel)]);
    return presentWheel(wheel, spins, pools);
  },
  presentRow: presentWheelRow,
  submissionTotal: wheelSpinTotal,
  columns: ({ db, auth }, body) => wheelColumns(db, auth, body),
  async afterSave(write, saved, previous) {
    await prizeSlotsSyncer({ db: write.db, queue: write.services.queue, item: wheelPrizeSlots(saved) });
    if (previous && previous.playButtonImage !== saved.playButtonImage) await dropImage(write, previous.playButtonImage);
  },
  async afterDelete(write, wheel) {
    await prizeSlotsRemover({ db: write.db, accountId: write.auth.accountId, kind: 'wheel', itemId: wheel.id });
    await dropImage(write, wheel.playButtonImage);
  },
  published: (wheel) => wheel.published,
  deleted: wheelMessages.deleted,
  submissions: {
    summary: 'A wheel’s spins, newest first: the player’s email, the result (and prize code) and the date',
    exportSummary:
      'Download the spins as .xlsx or .csv (Player Email, Spin Result, Date of Spin, Prize Code, Player Phone), streamed',
    table: wheelSpins,
    of: wheelSpinsOf,
    fields: wheelSpinFields,
    present: (wheel, spin) => presentWheelSpin(wheel, spin),
    export: (wheel) => ({ filename: `${wheel.slug || 'wheel'}-spins`, sheetName: 'Spins', query: wheelSpinsExport(wheel) }),
  },
};

/** The wheel kind's routes, after the one only wheels have: which prizes the account can give. */
export function wheelRoutes(api: ApiRouter): void {
  // Before /wheels/:id, which would take the name for an id.
  api.route({
    method: 'get',
    path: '/wheels/prize-options',
    summary: 'What prizes the account’s wheels can give: unique Shopify discount codes in a Shopify shop',
    tags: ['wheels'],
    access: 'owner',
    can: 'engagement.read',
    responses: { 200: ZPrizeOptionsResponse },
    handler: async ({ ctx, db, auth }) => {
      ctx.body = { data: { uniqueCodes: await isShopifyAccount(db, auth.accountId) } };
    },
  });
  engagementRoutes(api, wheelKind);
}
