import { and, count, eq } from 'drizzle-orm';
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
import { users } from '../db/schema/users';
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
 * The signed-in scope's second onRequest hook (after requireUser): when the request's workspace
 * requires two-factor sign-in and the session's user has not set it up, every route but
 * TWO_FACTOR_SETUP_ROUTES answers 403 TWO_FACTOR_REQUIRED, which the web app turns into the set-up
 * page. Requests made with an API key are not held back: a key is its own credential, created by
 * a member who was signed in, and revocable (docs/security.md).
 * @throws AppError TWO_FACTOR_REQUIRED (403)
 */
export async function enforceTwoFactorPolicy(request: FastifyRequest): Promise<void> {
  const { user, workspace } = request;
  if (request.apiKey || !user || !workspace?.requireTwoFactor || user.twoFactorEnabled) return;
  if (TWO_FACTOR_SETUP_ROUTES.has(request.routeOptions.url ?? '')) return;
  throw new AppError('TWO_FACTOR_REQUIRED', twoFactorMessages.required(workspace.name));
}

/** The workspace's requirement and how many of its members have no 2FA yet. */
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
      .where(and(eq(workspaceMembers.workspaceId, workspace), eq(users.twoFactorEnabled, false))),
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
