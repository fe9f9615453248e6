import { eq } from 'drizzle-orm';
import { createPersonalWorkspace } from '../auth/workspaces';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { workspaceMembers } from '../db/schema/workspaces';

/**
 * A user inserted straight into the database (no sign-up, no session) with the workspace every
 * account gets, for tests that seed rows below the API. `workspaceId` owns what they create.
 */
export async function insertTestUser(
  db: Database,
  values: typeof users.$inferInsert,
): Promise<typeof users.$inferSelect & { workspaceId: string }> {
  const [user] = await db.insert(users).values(values).returning();
  const workspaceId = await createPersonalWorkspace(db, user!);
  return { ...user!, workspaceId };
}

/** The id of the user who signed up with `email` and of their workspace (their first membership). */
export async function userAndWorkspace(
  db: Database,
  email: string,
): Promise<{ userId: string; workspaceId: string }> {
  const [row] = await db
    .select({ userId: users.id, workspaceId: workspaceMembers.workspaceId })
    .from(users)
    .innerJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no user with a workspace for ${email}`);
  return row;
}
