import { and, count, eq, exists, isNotNull, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../shared/paths';
import {
  twoFactorMessages,
  twoFactorPaths,
  twoFactorPolicySchema,
  twoFactorPolicyStateSchema,
  type TwoFactorPolicyState,
} from '../../shared/schemas/two-factor';
import type { Database } from '../db/client';
import { accounts, users } from '../db/schema/users';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';
import { AppError } from '../http/errors';
import { requireFullAccess, signedInUser, workspaceId } from './session';

/**
 * The routes a member held back by the policy may still use: their own account (who they are,
 * switching to another workspace, accepting an invitation, password, sessions, verification mail)
 * and setting up 2FA and passkeys. Every other signed-in route refuses them, including any added
 * later. Sign-out is a public route and always works.
 */
export const TWO_FACTOR_SETUP_ROUTES: ReadonlySet<string> = new Set([
  apiPaths.me,
  apiPaths.activeWorkspace,
  apiPaths.invitationAccept,
  apiPaths.changePassword,
  apiPaths.accountSessions,
  apiPaths.signOutOtherSessions,
  apiPaths.verificationEmail,
  twoFactorPaths.status,
  twoFactorPaths.setup,
  twoFactorPaths.confirm,
  twoFactorPaths.backupCodes,
  twoFactorPaths.disable,
  twoFactorPaths.passkeys,
  twoFactorPaths.passkeyRegistrationOptions,
  twoFactorPaths.passkey,
]);

/**
 * Whether the user has a password (better-auth's credential account). Single sign-on makes accounts
 * without one: they sign in through the identity provider (or an emailed link), never with a
 * password, so the code step of a password sign-in never applies to them.
 */
export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(passwordAccountOf(userId)).limit(1);
  return row !== undefined;
}

const passwordAccountOf = (userId: SQLWrapper | string) =>
  and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password));

/**
 * The signed-in scope's second onRequest hook (after requireUser): when the request's workspace
 * requires two-factor sign-in and the session's user has not set it up, every route but
 * TWO_FACTOR_SETUP_ROUTES answers 403 TWO_FACTOR_REQUIRED, which the web app turns into the set-up
 * page. Not held back: requests made with an API key (a key is its own credential, created by a
 * member who was signed in, and revocable; docs/security.md), and a member without a password, whom
 * single sign-on made: their identity provider decides how they prove who they are, and no code
 * would ever be asked of them (docs/decisions/031-two-factor-and-passkeys.md). The password check
 * is one indexed read, made only on this rare path.
 * @throws AppError TWO_FACTOR_REQUIRED (403)
 */
export function twoFactorPolicyHook(db: Database) {
  return async function enforceTwoFactorPolicy(request: FastifyRequest): Promise<void> {
    const { user, workspace } = request;
    if (request.apiKey || !user || !workspace?.requireTwoFactor || user.twoFactorEnabled) return;
    if (TWO_FACTOR_SETUP_ROUTES.has(request.routeOptions.url ?? '')) return;
    if (!(await hasPassword(db, user.id))) return;
    throw new AppError('TWO_FACTOR_REQUIRED', twoFactorMessages.required(workspace.name));
  };
}

/** The workspace's requirement and how many of its members with a password have no 2FA yet. */
async function policyState(db: Database, workspace: string): Promise<TwoFactorPolicyState> {
  const [[row], [missing]] = await Promise.all([
    db
      .select({ requireTwoFactor: workspaces.requireTwoFactor })
      .from(workspaces)
      .where(eq(workspaces.id, workspace)),
    db
      .select({ n: count() })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspace),
          eq(users.twoFactorEnabled, false),
          exists(db.select({ id: accounts.id }).from(accounts).where(passwordAccountOf(users.id))),
        ),
      ),
  ]);
  return { requireTwoFactor: row?.requireTwoFactor ?? false, membersWithoutTwoFactor: missing?.n ?? 0 };
}

/**
 * `GET`/`PUT /api/workspace/two-factor-policy`: whether the workspace requires two-factor sign-in
 * of every member. Any member may read it; only Full Access members change it, and only once they
 * have 2FA themselves (so the switch cannot shut out the one who flips it).
 */
export function twoFactorPolicyRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      twoFactorPaths.policy,
      { schema: { tags: ['account'], response: { 200: twoFactorPolicyStateSchema } } },
      async (request) => policyState(db, workspaceId(request)),
    );
    app.put(
      twoFactorPaths.policy,
      {
        schema: {
          tags: ['account'],
          body: twoFactorPolicySchema,
          response: { 200: twoFactorPolicyStateSchema },
        },
      },
      async (request) => {
        requireFullAccess(request);
        const { requireTwoFactor } = request.body;
        if (requireTwoFactor && !signedInUser(request).twoFactorEnabled)
          throw new AppError('CONFLICT', twoFactorMessages.setupFirst);
        await db
          .update(workspaces)
          .set({ requireTwoFactor })
          .where(eq(workspaces.id, workspaceId(request)));
        return policyState(db, workspaceId(request));
      },
    );
  };
}
