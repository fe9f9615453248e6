import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../shared/schemas/auth';
import { roleLabels, type TeamUser } from '../../../shared/schemas/settings';
import { emit } from '../../events/emit';
import { roleChangeRefusal, workspaceMessages } from '../../../shared/roles';
import type { Actor } from '../../auth/workspaces';
import { queryRows, type Db, type Transaction } from '../../db/client';
import { campaignCollaborators } from '../../db/schema/campaign-collaborators';
import { users } from '../../db/schema/users';
import { workspaceMembers } from '../../db/schema/workspaces';
import { clientMembers } from '../../db/schema/client-users';
import { clients } from '../../db/schema/clients';
import { iso } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';

/** The workspace's members with their role, oldest member first, optionally narrowed. */
async function selectMembers(db: Db, workspaceId: string, where?: SQL): Promise<TeamUser[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: workspaceMembers.role,
      clientId: clients.id,
      clientName: clients.name,
      joinedAt: workspaceMembers.joinedAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(
      clientMembers,
      and(
        eq(clientMembers.workspaceId, workspaceMembers.workspaceId),
        eq(clientMembers.userId, workspaceMembers.userId),
      ),
    )
    .leftJoin(clients, eq(clients.id, clientMembers.clientId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), where))
    .orderBy(asc(workspaceMembers.joinedAt), asc(users.id));
  return rows.map(({ clientId, clientName, ...r }) => ({
    ...r,
    // A Client-role member is listed with the client they see (docs/decisions/040-client-role.md).
    ...(clientId && clientName !== null ? { client: { id: clientId, name: clientName } } : {}),
    joinedAt: iso(r.joinedAt),
  }));
}

/**
 * The Users tab's list (docs/product.md#settings): the members of the request's workspace, and
 * nobody else of the install.
 */
export async function listMembers(db: Db, workspaceId: string): Promise<TeamUser[]> {
  return selectMembers(db, workspaceId);
}

/**
 * The ids of the workspace's Full Access members, locked until the transaction ends, so two
 * concurrent demotions or removals cannot leave none.
 */
async function lockFullMembers(tx: Transaction, workspaceId: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`select user_id from workspace_members where workspace_id = ${workspaceId} and role = 'full' for update`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * Changes another member's role. Only Full Access may, never their own, and one Full Access
 * member always remains (docs/product.md#roles).
 * @throws AppError NOT_FOUND (not a member of this workspace), FORBIDDEN (not full / own role),
 *   CONFLICT (the last Full Access member).
 */
export async function changeRole(db: Db, actor: Actor, targetId: string, newRole: Role): Promise<TeamUser> {
  return db.transaction(async (tx) => {
    const fullIds = await lockFullMembers(tx, actor.workspaceId);
    const [target] = await selectMembers(tx, actor.workspaceId, eq(users.id, targetId));
    if (!target) throw AppError.notFound('Member not found');
    const refusal = roleChangeRefusal({
      actorId: actor.userId,
      actorRole: actor.role,
      targetId,
      targetRole: target.role,
      newRole,
      fullCount: fullIds.length,
    });
    if (refusal) {
      const isRuleOfPermission = actor.role !== 'full' || actor.userId === targetId;
      throw new AppError(isRuleOfPermission ? 'FORBIDDEN' : 'CONFLICT', refusal);
    }
    await tx
      .update(workspaceMembers)
      .set({ role: newRole })
      .where(and(eq(workspaceMembers.workspaceId, actor.workspaceId), eq(workspaceMembers.userId, targetId)));
    await emit(tx, {
      type: 'member.role_changed',
      workspaceId: actor.workspaceId,
      actor,
      payload: { email: target.email, role: roleLabels[newRole] },
    });
    return { ...target, role: newRole };
  });
}

/**
 * Removes a member from the workspace: their next request to it is refused (membership is read on
 * every request). Their campaigns and mailboxes stay the workspace's; they stop being a collaborator on any. Only Full Access may, never
 * on themselves, and the last Full Access member stays.
 * @throws AppError NOT_FOUND (not a member), FORBIDDEN (not full / themselves), CONFLICT (last full).
 */
export async function removeMember(db: Db, actor: Actor, targetId: string): Promise<void> {
  if (actor.role !== 'full') throw AppError.forbidden(workspaceMessages.fullAccessOnly);
  if (actor.userId === targetId) throw AppError.forbidden(workspaceMessages.removeSelf);
  await db.transaction(async (tx) => {
    const fullIds = await lockFullMembers(tx, actor.workspaceId);
    const [target] = await selectMembers(tx, actor.workspaceId, eq(users.id, targetId));
    if (!target) throw AppError.notFound('Member not found');
    if (target.role === 'full' && fullIds.length <= 1) {
      throw new AppError('CONFLICT', workspaceMessages.removeLastFull);
    }
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, actor.workspaceId), eq(workspaceMembers.userId, targetId)));
    // They no longer work on the workspace's campaigns either.
    await tx
      .delete(campaignCollaborators)
      .where(
        and(
          eq(campaignCollaborators.workspaceId, actor.workspaceId),
          eq(campaignCollaborators.userId, targetId),
        ),
      );
    await emit(tx, {
      type: 'member.removed',
      workspaceId: actor.workspaceId,
      actor,
      payload: { email: target.email },
    });
  });
}
