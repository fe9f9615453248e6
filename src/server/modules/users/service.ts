import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../shared/schemas/auth';
import type { TeamUser } from '../../../shared/schemas/settings';
import { roleChangeRefusal } from '../../../shared/roles';
import { queryRows, type Database } from '../../db/client';
import { userRoles, users } from '../../db/schema/users';
import { iso } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';
import { getRole } from '../../auth/roles';

/** Users with their role (no role row means member), oldest first, optionally narrowed. */
async function selectTeamUsers(db: Database, where?: SQL): Promise<TeamUser[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: sql<Role>`coalesce(${userRoles.role}, 'member')`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

/**
 * The Users tab's list (docs/product.md#settings): every user of the install with their role for a 'full' user, and
 * only their own row for a member. With open sign-up the install's users are not all one team, so
 * a newcomer must not read everyone's name and email (docs/security.md).
 */
export async function listTeamUsers(db: Database, viewerId: string): Promise<TeamUser[]> {
  const viewerIsFull = (await getRole(db, viewerId)) === 'full';
  return selectTeamUsers(db, viewerIsFull ? undefined : eq(users.id, viewerId));
}

/**
 * Changes another user's role. Only a 'full' user may, never their own, and one 'full' user always
 * remains. The 'full' rows are locked first, so two concurrent demotions cannot leave none.
 * @throws AppError NOT_FOUND (no such user), FORBIDDEN (not full / own role), CONFLICT (last full user).
 */
export async function changeRole(
  db: Database,
  actorId: string,
  targetId: string,
  newRole: Role,
): Promise<TeamUser> {
  return db.transaction(async (tx) => {
    const fullIds = (
      await queryRows<{ user_id: string }>(
        tx,
        sql`select user_id from user_roles where role = 'full' for update`,
      )
    ).map((r) => r.user_id);
    const [target] = await selectTeamUsers(tx, eq(users.id, targetId));
    if (!target) throw AppError.notFound('User not found');
    const actorRole: Role = fullIds.includes(actorId) ? 'full' : 'member';
    const refusal = roleChangeRefusal({
      actorId,
      actorRole,
      targetId,
      targetRole: target.role,
      newRole,
      fullCount: fullIds.length,
    });
    if (refusal) {
      const isRuleOfPermission = actorRole !== 'full' || actorId === targetId;
      throw new AppError(isRuleOfPermission ? 'FORBIDDEN' : 'CONFLICT', refusal);
    }
    await tx
      .insert(userRoles)
      .values({ userId: targetId, role: newRole })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: newRole, updatedAt: new Date() } });
    return { ...target, role: newRole };
  });
}
