import type { Role } from './schemas/auth';

/** Why a role change is refused, in words the user can act on (docs/product.md#roles). */
export const roleChangeMessages = {
  notFull: 'Only members with Full Access can change roles.',
  ownRole: 'You cannot change your own role.',
  lastFull: 'At least one member must keep Full Access.',
  clientRole:
    'A Client’s role cannot be changed. Remove them and invite the person again with the role they need.',
} as const;

/** Refusals of the workspace rules (docs/product.md#roles), as the API answers them and the screens say them. */
export const workspaceMessages = {
  notMember: 'You are not a member of this workspace. Switch to one of your workspaces.',
  noWorkspace: 'You are not a member of any workspace. Ask a teammate to invite you.',
  fullAccessOnly: 'Only members with Full Access can do that.',
  deleteCampaign: 'Only the campaign’s owner or a member with Full Access can delete it.',
  changeMailbox: 'Only the member who connected this mailbox or a member with Full Access can change it.',
  removeLastFull: 'At least one member must keep Full Access.',
  removeSelf: 'You cannot remove yourself.',
  /** A Client-role member on anything but their client's placements and reports (docs/decisions/040-client-role.md). */
  clientOnly: 'This is not available for your role. You can see your placements and reports.',
} as const;

/**
 * Whether a member with `role` and id `userId` may delete a campaign owned by `ownerId` (null once
 * the owner left): Full Access any, a member only their own (docs/product.md#roles).
 */
export function mayDeleteCampaign(role: Role, userId: string, ownerId: string | null | undefined): boolean {
  return role === 'full' || ownerId === userId;
}

/**
 * Whether a member with `role` and id `userId` may change a mailbox's settings or password, or
 * disconnect it, when `connectedBy` connected it (null once they left): Full Access any, a member
 * only one they connected (docs/product.md#roles).
 */
export function mayChangeMailbox(
  role: Role,
  userId: string,
  connectedBy: string | null | undefined,
): boolean {
  return role === 'full' || connectedBy === userId;
}

export interface RoleChange {
  actorId: string;
  actorRole: Role;
  targetId: string;
  targetRole: Role;
  newRole: Role;
  /** How many users hold 'full' right now, the target included. */
  fullCount: number;
}

/**
 * Checks a role change against the rules: only a 'full' user changes roles, nobody changes their
 * own, and at least one 'full' user remains.
 * @returns the refusal message, or null when the change is allowed.
 */
export function roleChangeRefusal(change: RoleChange): string | null {
  if (change.actorRole !== 'full') return roleChangeMessages.notFull;
  if (change.actorId === change.targetId) return roleChangeMessages.ownRole;
  // A client's person never becomes a teammate, nor a teammate a client (docs/decisions/040-client-role.md).
  if (change.targetRole === 'client' || change.newRole === 'client') return roleChangeMessages.clientRole;
  if (change.targetRole === 'full' && change.newRole !== 'full' && change.fullCount <= 1) {
    return roleChangeMessages.lastFull;
  }
  return null;
}
