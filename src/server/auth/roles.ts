import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../shared/schemas/auth';
import type { Database } from '../db/client';
import { adminUsers, userRoles } from '../db/schema/users';

/**
 * Gives a new user their role (docs/product.md#roles): 'full' to the first user of a fresh install,
 * 'member' to everyone after. One statement, so two simultaneous first sign-ups cannot both see
 * an empty table in separate reads.
 */
export async function assignInitialRole(db: Database, userId: string): Promise<void> {
  await db.execute(sql`
    insert into user_roles (user_id, role)
    select ${userId}, case when exists (select 1 from user_roles) then 'member'::user_role else 'full'::user_role end
    on conflict (user_id) do nothing`);
}

/** The user's role; a user without a row (created before roles existed) is a member. */
export async function getRole(db: Database, userId: string): Promise<Role> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return row?.role ?? 'member';
}

/** True when the email is listed in admin_users (docs/product.md#roles), compared case-insensitively. */
export async function isAdminEmail(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.email, email.trim().toLowerCase()));
  return Boolean(row);
}

/**
 * True when the user may author the blog: their address is in admin_users and they proved it is
 * theirs by opening the verification link. Without the second half, whoever signed up first with
 * an address listed in ADMIN_EMAILS would become admin.
 */
export async function isBlogAdmin(
  db: Database,
  user: { email: string; emailVerified: boolean },
): Promise<boolean> {
  return user.emailVerified && (await isAdminEmail(db, user.email));
}

/** Adds addresses to admin_users (ADMIN_EMAILS at start, and the `admin add` CLI); existing ones stay. */
export async function addAdminEmails(db: Database, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .insert(adminUsers)
    .values(emails.map((email) => ({ email: email.trim().toLowerCase() })))
    .onConflictDoNothing();
}
