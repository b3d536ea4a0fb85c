import type { TAffiliate, TFriendInvitation, TReferFriendRequest, TReferrals } from '@quizlead/shared/schemas/referrals.ts';
import { api } from './client.ts';

/** Refer Friend and the affiliate figures (server/src/routes/api/referrals/). */

export const getReferrals = (signal?: AbortSignal) => api.get<TReferrals>('/api/v1/referrals', { signal });

export const inviteFriend = (request: TReferFriendRequest) =>
  api.post<{ invitation: TFriendInvitation; message: string }>('/api/v1/referrals/invitations', request);

export const getAffiliate = (signal?: AbortSignal) => api.get<TAffiliate>('/api/v1/affiliate', { signal });
