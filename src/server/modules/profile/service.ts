import { eq } from 'drizzle-orm';
import { fullName, type Me } from '../../../shared/schemas/auth';
import type { UpdateProfileInput } from '../../../shared/schemas/settings';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { getMe } from '../me/service';

/**
 * Updates the user's first, last and company name; the full name follows (first + last, spec §2).
 * The email is read-only (spec §5). Returns the user as `GET /api/me` presents them.
 */
export async function updateProfile(db: Database, user: SessionUser, input: UpdateProfileInput): Promise<Me> {
  const name = fullName(input.firstName, input.lastName);
  await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, companyName: input.companyName, name })
    .where(eq(users.id, user.id));
  return getMe(db, { ...user, ...input, name });
}
