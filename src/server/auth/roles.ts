import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminUsers } from '../db/schema/users';

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
