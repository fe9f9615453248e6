import type { Role } from './schemas/auth';

/** Why a role change is refused, in words the user can act on (docs/product.md#roles). */
export const roleChangeMessages = {
  notFull: 'Only users with Full Access can change roles.',
  ownRole: 'You cannot change your own role.',
  lastFull: 'At least one user must keep Full Access.',
} as const;

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
  if (change.targetRole === 'full' && change.newRole !== 'full' && change.fullCount <= 1) {
    return roleChangeMessages.lastFull;
  }
  return null;
}
