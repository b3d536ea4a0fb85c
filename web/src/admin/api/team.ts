import type { AccountRole } from '@quizlead/shared/permissions.ts';
import type { TTeam, TTeamInvitationRequest } from '@quizlead/shared/schemas/team.ts';
import { api } from './client.ts';

export const getTeam = (signal?: AbortSignal) => api.get<TTeam>('/api/v1/team', { signal });

export const inviteToTeam = (body: TTeamInvitationRequest) => api.post<TTeam>('/api/v1/team/invitations', body);

export const withdrawInvitation = (id: string) => api.delete<TTeam>(`/api/v1/team/invitations/${id}`);

export const changeTeamRole = (userId: string, role: AccountRole) => api.put<TTeam>(`/api/v1/team/members/${userId}`, { role });

export const removeFromTeam = (userId: string) => api.delete<TTeam>(`/api/v1/team/members/${userId}`);
