import { seedInboxLabels } from '../db/inbox-default-labels';
import { and, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { organizationLabel, type Role } from '../../shared/schemas/auth';
import type { Database, Db } from '../db/client';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';
import { clientMembers } from '../db/schema/client-users';

/** The workspace a signed-in request acts on, and the user's role in it. */
export interface ActiveWorkspace {
  id: string;
  name: string;
  role: Role;
  /**
   * The client a member with the Client role belongs to (docs/decisions/040-client-role.md); null
   * (or absent) for the team's roles. Read it through `clientScope` (./client-routes.ts).
   */
  clientId?: string | null;
  /**
   * The workspace requires two-factor sign-in of its members (auth/two-factor-policy.ts); read with
   * the session, absent for API-key requests, which the policy leaves alone.
   */
  requireTwoFactor?: boolean;
}

/**
 * Who acts, and where: the signed-in user in the request's workspace. Services take it where the
 * person matters (a campaign's owner, a mailbox's connector, the role rules, the AI allowance, the
 * activity log).
 */
export interface Actor {
  userId: string;
  workspaceId: string;
  role: Role;
  /** The API key the user acts through; absent in the web app (docs/decisions/025-public-api-and-webhooks.md). */
  apiKeyId?: string;
  /** The client of a Client-role member (docs/decisions/040-client-role.md); absent for the team. */
  clientId?: string;
}

/** The header the web app sends with the workspace it shows (docs/decisions/023-workspaces-and-roles.md). */
export const WORKSPACE_HEADER = 'x-workspace-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Creates the workspace of a new account, named after its company name (else "Personal"), and
 * makes the user its Full Access member, in one
 * transaction. Called by better-auth's user-created hook, so every account has one from its start.
 */
export async function createPersonalWorkspace(
  db: Database,
  user: { id: string; companyName?: string | null },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({ name: organizationLabel(user.companyName) })
      .returning({ id: workspaces.id });
    await tx.insert(workspaceMembers).values({ workspaceId: workspace!.id, userId: user.id, role: 'full' });
    await seedInboxLabels(tx, workspace!.id);
    return workspace!.id;
  });
}

/**
 * Resolves the workspace of a request: the one named by `requested` (the X-Workspace-Id header)
 * when the user is a member of it, else — with no header — the one they used last. Membership is
 * read on every request, with no cache, so a removed member is refused at their next request.
 * @returns null when the named workspace is not theirs (or not a uuid), or when they belong to none.
 */
export async function resolveWorkspace(
  db: Db,
  userId: string,
  requested: string | undefined,
): Promise<ActiveWorkspace | null> {
  if (requested !== undefined && !isWorkspaceId(requested)) return null;
  const membership = activeMembership(db, userId, requested ?? null).as('membership');
  const [row] = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: membership.role,
      clientId: membership.clientId,
      requireTwoFactor: workspaces.requireTwoFactor,
    })
    .from(membership)
    .innerJoin(workspaces, eq(workspaces.id, membership.workspaceId));
  return row ?? null;
}

/** Whether `value` can name a workspace (a uuid); anything else names none the user belongs to. */
export function isWorkspaceId(value: string): boolean {
  return UUID.test(value);
}

/**
 * The membership a request of `userId` acts on, as a query of at most one row (workspace id,
 * role and, for the Client role, the client): the one in `requested` when it is not null, else the one used last. `userId` may be a
 * column and `requested` a placeholder, so the session check can join it into its own statement
 * (./session.ts).
 */
export function activeMembership(
  db: Db,
  userId: string | AnyPgColumn,
  requested: string | null | Placeholder,
) {
  return db
    .select({
      workspaceId: workspaceMembers.workspaceId,
      role: workspaceMembers.role,
      clientId: clientMembers.clientId,
    })
    .from(workspaceMembers)
    .leftJoin(
      clientMembers,
      and(
        eq(clientMembers.workspaceId, workspaceMembers.workspaceId),
        eq(clientMembers.userId, workspaceMembers.userId),
      ),
    )
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        sql`(${requested}::uuid is null or ${workspaceMembers.workspaceId} = ${requested}::uuid)`,
      ),
    )
    .orderBy(desc(workspaceMembers.lastUsedAt))
    .limit(1);
}

/** Every workspace the user belongs to, by name, with their role in each (the sidebar's switcher). */
export async function listUserWorkspaces(db: Db, userId: string): Promise<ActiveWorkspace[]> {
  return db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`lower(${workspaces.name})`, workspaces.id);
}

/**
 * Makes `workspaceId` the one the user's requests without a header act on (the switch is
 * remembered across devices). @returns false when the user is not a member of it.
 */
export async function rememberWorkspace(db: Db, userId: string, workspaceId: string): Promise<boolean> {
  const updated = await db
    .update(workspaceMembers)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .returning({ userId: workspaceMembers.userId });
  return updated.length > 0;
}
