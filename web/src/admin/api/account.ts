import type { TChangePasswordRequest, TProfile, TUpdateProfileRequest, TUploadedFile } from '@quizlead/shared/schemas/account.ts';
import type { TMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import { api } from './client.ts';

type Message = TMessageResponse['data'];

/** companyLogoId: omitted keeps the logo, null removes it, an uploaded file's id sets it. */
export type ProfileUpdate = TUpdateProfileRequest;

export const getProfile = (signal?: AbortSignal) => api.get<TProfile>('/api/v1/account/profile', { signal });

export const updateProfile = (update: ProfileUpdate) => api.patch<TProfile>('/api/v1/account/profile', update);

export const changePassword = (body: TChangePasswordRequest) => api.put<Message>('/api/v1/account/password', body);

export const uploadImage = (file: File) => api.upload<TUploadedFile>('/api/v1/files', file);
