import { ZUploadedFileResponse } from '@quizlead/shared/schemas/account.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import { quizLimits, quizMessages } from '@quizlead/shared/quizzes.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { fileRemover } from '../../../commands/fileRemover.ts';
import { fileUploader } from '../../../commands/fileUploader.ts';
import { isFileInUse } from '../../../db/queries/fileUsage.ts';
import { AppError } from '../../../errors.ts';
import { readRawBody, sniffImageType } from '../../../lib/rawBody.ts';
import { findOwnFile } from '../../../policies/file.ts';
import { presentFile } from '../../../presenters/file.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZFileParams, ZUploadQuery } from './schema.ts';

const imageTypes: readonly string[] = limits.logoTypes;

export function fileRoutes(api: ApiRouter): void {
  api.route({
    method: 'post',
    path: '/files',
    summary: 'Upload an image (PNG, JPEG, GIF or WebP): logos up to 1 MB, quiz images up to 2 MB; the body is the raw file',
    tags: ['files'],
    access: 'owner',
    can: 'file.write',
    query: ZUploadQuery,
    rawBody: [...limits.logoTypes],
    responses: { 201: ZUploadedFileResponse, 413: 'Too large', 415: 'Not a PNG, JPEG, GIF or WebP image' },
    handler: async ({ ctx, db, auth, query, services }) => {
      await services.limiters.uploadByAccount.hit(auth.accountId);
      const rules =
        query.purpose === 'logo'
          ? { maxBytes: limits.logoBytes, type: messages.account.logoType, size: messages.account.logoSize }
          : { maxBytes: quizLimits.imageBytes, type: quizMessages.imageType, size: quizMessages.imageSize };
      const declared = ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
      if (!imageTypes.includes(declared)) throw new AppError(415, 'unsupported_media_type', rules.type);
      const bytes = await readRawBody(ctx.req, rules.maxBytes, rules.size);
      const actual = sniffImageType(bytes);
      if (!actual) throw new AppError(415, 'unsupported_media_type', rules.type);
      const file = await fileUploader(
        { db, storage: services.storage },
        { accountId: auth.accountId, contentType: actual, bytes },
      );
      ctx.status = 201;
      ctx.body = { data: presentFile(file) };
    },
  });

  api.route({
    method: 'delete',
    path: '/files/:id',
    summary: 'Delete an uploaded image (and unset it wherever it was the company logo)',
    tags: ['files'],
    access: 'owner',
    can: 'file.write',
    params: ZFileParams,
    transaction: true,
    responses: {
      200: ZMessageResponse,
      404: 'No such file in this account',
      409: 'A saved quiz or wheel of this account still shows it',
    },
    handler: async ({ ctx, db, auth, params, services, afterCommit }) => {
      // Ownership first: another account's id answers 404 exactly like a missing one, used or not.
      await findOwnFile(db, auth, params.id, { forUpdate: true });
      if (await isFileInUse(db, auth.accountId, params.id)) {
        throw new AppError(
          409,
          'conflict',
          'This image is used by a saved quiz or wheel. Save it without the image and the image is deleted.',
        );
      }
      await fileRemover({ db, storage: services.storage, accountId: auth.accountId, fileId: params.id, afterCommit });
      ctx.body = { data: { message: messages.account.imageDeleted } };
    },
  });
}
