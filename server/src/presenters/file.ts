import type { TUploadedFile } from '@quizlead/shared/schemas/account.ts';
import type { files } from '../db/schema/index.ts';

export const fileUrl = (id: string) => `/files/${id}`;

export const presentFile = (file: Pick<typeof files.$inferSelect, 'id' | 'contentType' | 'byteSize'>): TUploadedFile => ({
  id: file.id,
  url: fileUrl(file.id),
  contentType: file.contentType,
  bytes: file.byteSize,
});
