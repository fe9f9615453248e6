import { eq } from 'drizzle-orm';
import { fullName, type Me } from '../../../shared/schemas/auth';
import type {
  SavedSendingSettings,
  SendingSettings,
  UpdateProfileInput,
} from '../../../shared/schemas/settings';
import { isBlogAdmin } from '../../auth/roles';
import type { SessionUser } from '../../auth/session';
import { verificationDelivery } from '../../auth/verification-mail';
import {
  listUserWorkspaces,
  rememberWorkspace,
  resolveWorkspace,
  type ActiveWorkspace,
} from '../../auth/workspaces';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { workspaces } from '../../db/schema/workspaces';
import { clients } from '../../db/schema/clients';
import { AppError } from '../../http/errors';

/** What the routes presenting the signed-in user (`GET /api/me` and the changes answering with it) need. */
export interface AccountDeps {
  db: Database;
  config: Config;
}

/**
 * The signed-in user as the API presents it: profile, the active workspace and their role in it,
 * every workspace they belong to, whether they may author the blog, and where this install sends
 * verification links (email, or the server's log without SMTP).
 */
export async function getMe(
  { db, config }: AccountDeps,
  user: SessionUser,
  workspace: ActiveWorkspace,
): Promise<Me> {
  const [isAdmin, memberships, client] = await Promise.all([
    isBlogAdmin(db, user),
    listUserWorkspaces(db, user.id),
    workspace.clientId
      ? db
          .select({ id: clients.id, name: clients.name })
          .from(clients)
          .where(eq(clients.id, workspace.clientId))
          .then(([row]) => row ?? null)
      : null,
  ]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.name,
    companyName: user.companyName,
    role: workspace.role,
    // A Client-role member's web app shows their client's name (docs/decisions/040-client-role.md).
    workspace: {
      id: workspace.id,
      name: workspace.name,
      role: workspace.role,
      ...(client ? { client } : {}),
    },
    workspaces: memberships,
    isAdmin,
    emailVerified: user.emailVerified,
    verificationDelivery: verificationDelivery(config),
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorRequired: workspace.requireTwoFactor ?? false,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Switches the user to one of their workspaces: requests without X-Workspace-Id act on it from now
 * on, on every device. Returns the user as `GET /api/me` presents them in it.
 * @throws AppError NOT_FOUND when they are not a member of it.
 */
export async function switchWorkspace(
  deps: AccountDeps,
  user: SessionUser,
  workspaceId: string,
): Promise<Me> {
  const { db } = deps;
  const workspace = (await rememberWorkspace(db, user.id, workspaceId))
    ? await resolveWorkspace(db, user.id, workspaceId)
    : null;
  if (!workspace) throw AppError.notFound('Workspace not found');
  return getMe(deps, user, workspace);
}

/**
 * Updates the user's first, last and company name; the full name follows (first + last).
 * The email is read-only. Returns the user as `GET /api/me` presents them.
 */
export async function updateProfile(
  deps: AccountDeps,
  user: SessionUser,
  workspace: ActiveWorkspace,
  input: UpdateProfileInput,
): Promise<Me> {
  const name = fullName(input.firstName, input.lastName);
  await deps.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, companyName: input.companyName, name })
    .where(eq(users.id, user.id));
  return getMe(deps, { ...user, ...input, name }, workspace);
}

const sendingColumns = {
  postalAddress: workspaces.postalAddress,
  timeZone: workspaces.timeZone,
  sendWindowDays: workspaces.sendWindowDays,
  sendWindowStartHour: workspaces.sendWindowStartHour,
  sendWindowEndHour: workspaces.sendWindowEndHour,
};

/** The workspace's sending settings: footer postal address and sending window (docs/decisions/009-outreach-sending.md). */
export async function getSendingSettings(db: Database, workspaceId: string): Promise<SavedSendingSettings> {
  const [row] = await db.select(sendingColumns).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row!;
}

/** Saves the workspace's sending settings; the engine reads them at its next tick. */
export async function updateSendingSettings(
  db: Database,
  workspaceId: string,
  input: SendingSettings,
): Promise<SavedSendingSettings> {
  const [row] = await db
    .update(workspaces)
    .set(input)
    .where(eq(workspaces.id, workspaceId))
    .returning(sendingColumns);
  return row!;
}
