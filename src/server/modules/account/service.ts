import { eq } from 'drizzle-orm';
import { fullName, type Me } from '../../../shared/schemas/auth';
import type {
  SavedSendingSettings,
  SendingSettings,
  UpdateProfileInput,
} from '../../../shared/schemas/settings';
import { getRole, isBlogAdmin } from '../../auth/roles';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';

/** The signed-in user as the API presents it: profile, role and whether they may author the blog. */
export async function getMe(db: Database, user: SessionUser): Promise<Me> {
  const [role, isAdmin] = await Promise.all([getRole(db, user.id), isBlogAdmin(db, user)]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.name,
    companyName: user.companyName,
    role,
    isAdmin,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Updates the user's first, last and company name; the full name follows (first + last).
 * The email is read-only. Returns the user as `GET /api/me` presents them.
 */
export async function updateProfile(db: Database, user: SessionUser, input: UpdateProfileInput): Promise<Me> {
  const name = fullName(input.firstName, input.lastName);
  await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, companyName: input.companyName, name })
    .where(eq(users.id, user.id));
  return getMe(db, { ...user, ...input, name });
}

const sendingColumns = {
  postalAddress: users.postalAddress,
  timeZone: users.timeZone,
  sendWindowDays: users.sendWindowDays,
  sendWindowStartHour: users.sendWindowStartHour,
  sendWindowEndHour: users.sendWindowEndHour,
};

/** The user's sending settings: footer postal address and sending window (docs/decisions/009-outreach-sending.md). */
export async function getSendingSettings(db: Database, userId: string): Promise<SavedSendingSettings> {
  const [row] = await db.select(sendingColumns).from(users).where(eq(users.id, userId));
  return row!;
}

/** Saves the user's sending settings; the engine reads them at its next tick. */
export async function updateSendingSettings(
  db: Database,
  userId: string,
  input: SendingSettings,
): Promise<SavedSendingSettings> {
  const [row] = await db.update(users).set(input).where(eq(users.id, userId)).returning(sendingColumns);
  return row!;
}
