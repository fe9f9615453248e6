import type { Me } from '../../../shared/schemas/auth';
import type { SessionUser } from '../../auth/session';
import { getRole, isAdminEmail } from '../../auth/roles';
import type { Database } from '../../db/client';

/** The signed-in user as the API presents it: profile, role and whether they may author the blog. */
export async function getMe(db: Database, user: SessionUser): Promise<Me> {
  const [role, isAdmin] = await Promise.all([getRole(db, user.id), isAdminEmail(db, user.email)]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.name,
    companyName: user.companyName,
    role,
    isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}
