import { and, eq } from 'drizzle-orm';
import { ZUploadedFileResponse } from '@quizlead/shared/schemas/account.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { accounts, files } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { AppError } from '../../../errors.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { readRawBody, sniffImageType } from '../../../lib/rawBody.ts';
import { findOwnFile } from '../../../policies/file.ts';
import { presentFile } from '../../../presenters/file.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZFileParams } from './schema.ts';

const imageTypes: readonly string[] = limits.logoTypes;

export function fileRoutes(api: ApiRouter): void {
  api.route({
    method: 'post',
    path: '/files',
    summary: 'Upload an image (PNG, JPEG, GIF or WebP, at most 1 MB); the body is the raw file',
    tags: ['files'],
    access: 'owner',
    rawBody: [...limits.logoTypes],
    responses: { 201: ZUploadedFileResponse, 413: messages.account.logoSize, 415: messages.account.logoType },
    handler: async ({ ctx, db, auth, services }) => {
      services.limiters.uploadByAccount.hit(auth.accountId);
      const declared = ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
      if (!imageTypes.includes(declared)) throw new AppError(415, 'unsupported_media_type', messages.account.logoType);
      const bytes = await readRawBody(ctx.req, limits.logoBytes, messages.account.logoSize);
      const actual = sniffImageType(bytes);
      if (!actual) throw new AppError(415, 'unsupported_media_type', messages.account.logoType);
      const [file] = await db
        .insert(files)
        .values({ accountId: auth.accountId, contentType: actual, byteSize: bytes.length, sha256: sha256(bytes), data: bytes })
        .returning({ id: files.id, contentType: files.contentType, byteSize: files.byteSize });
      ctx.status = 201;
      ctx.body = { data: presentFile(file!) };
    },
  });

  api.route({
    method: 'delete',
    path: '/files/:id',
    summary: 'Delete an uploaded image (and unset it wherever it was the company logo)',
    tags: ['files'],
    access: 'owner',
    params: ZFileParams,
    transaction: true,
    responses: { 200: ZMessageResponse, 404: 'No such file in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const file = await findOwnFile(db, auth, params.id);
      await db
        .update(accounts)
        .set({ logoFileId: null })
        .where(and(eq(accounts.id, auth.accountId), eq(accounts.logoFileId, file.id)));
      await db.delete(files).where(scoped(files, auth.accountId, eq(files.id, file.id)));
      ctx.body = { data: { message: messages.account.imageDeleted } };
    },
  });
}
