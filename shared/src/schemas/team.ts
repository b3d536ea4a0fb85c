import { z } from 'zod';
import { accountRoles } from '../permissions.ts';
import { ZEmail, ZNewPassword } from './common.ts';
import { ZFullName } from './auth.ts';

/**
 * The account's team: its owners and members, and the invitations an owner sends to add people
 * (the roles' abilities are in permissions.ts).
 */
export const teamLimits = {
  /** An invitation link works this long. */
  invitationDays: 7,
  /** Invitations one account may send per day. */
  invitationsPerDay: 20,
} as const;

export const teamMessages = {
  invited: 'Invitation sent.',
  revoked: 'Invitation withdrawn.',
  roleChanged: 'Role changed.',
  removed: 'Removed from the team.',
  alreadyInTeam: 'This person is already in your team.',
  hasOwnAccount: 'This email already has an account of its own.',
  lastOwner: 'An account needs at least one owner.',
  notYourself: 'You cannot remove yourself from the team.',
  invitationInvalid: 'This invitation link is invalid or has expired. Ask the account owner for a new one.',
} as const;

export const roleLabels: Record<(typeof accountRoles)[number], string> = { owner: 'Owner', member: 'Member' };

export const ZTeamInvitationRequest = z.object({
  email: ZEmail,
  role: z.enum(accountRoles).default('member'),
});
export type TTeamInvitationRequest = z.input<typeof ZTeamInvitationRequest>;

export const ZTeamRoleRequest = z.object({ role: z.enum(accountRoles) });

export const ZTeamMember = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(accountRoles),
  /** The signed-in user's own row. */
  you: z.boolean(),
  joinedAt: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(accountRoles),
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;

export const ZTeam = z.object({ members: z.array(ZTeamMember), invitations: z.array(ZTeamInvitation) });
export type TTeam = z.infer<typeof ZTeam>;
export const ZTeamResponse = z.object({ data: ZTeam });

export const ZJoinToken = z.string().trim().min(1, teamMessages.invitationInvalid).max(128, teamMessages.invitationInvalid);

/** What the join page shows before the invitee sets their name and password. */
export const ZJoinPreview = z.object({
  companyName: z.string(),
  email: z.string(),
  inviterName: z.string(),
  role: z.enum(accountRoles),
});
export type TJoinPreview = z.infer<typeof ZJoinPreview>;

export const ZJoinRequest = z.object({ token: ZJoinToken, fullName: ZFullName, password: ZNewPassword });
export type TJoinRequest = z.infer<typeof ZJoinRequest>;
