import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addAdminEmails } from '../auth/roles';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { signUpUser } from './app';

/**
 * Signs up a new user, lists their email in admin_users and marks it verified (the link itself is
 * tested in auth/email-verification.test.ts); returns their session cookie and email.
 */
export async function signUpAdmin(
  app: FastifyInstance,
  db: Database,
): Promise<{ cookie: string; email: string }> {
  const user = await signUpUser(app);
  await addAdminEmails(db, [user.email]);
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, user.email));
  return user;
}
