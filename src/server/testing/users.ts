import { createPersonalWorkspace } from '../auth/workspaces';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';

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
