import type { FastifyInstance } from 'fastify';
import { addAdminEmails } from '../auth/roles';
import type { Database } from '../db/client';
import { signUpUser } from './app';

/** Signs up a new user and lists their email in admin_users; returns their session cookie and email. */
export async function signUpAdmin(
  app: FastifyInstance,
  db: Database,
): Promise<{ cookie: string; email: string }> {
  const user = await signUpUser(app);
  await addAdminEmails(db, [user.email]);
  return user;
}
