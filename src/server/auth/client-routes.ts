import type { FastifyRequest } from 'fastify';
import { apiPaths } from '../../shared/paths';
import { workspaceMessages } from '../../shared/roles';
import { twoFactorPaths } from '../../shared/schemas/two-factor';
import { AppError } from '../http/errors';
import { activeWorkspace } from './session';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Everything a member with the Client role may call (docs/decisions/040-client-role.md), by the
 * route's unversioned path and method (HEAD goes with GET): their own account, and their client's
 * record and placements, read only. Every other signed-in route refuses them (403), including any
 * added later until it is listed here. The data routes listed narrow what they answer to the
 * client through `clientScope`: a route listed here must call it.
 */
export const CLIENT_ROUTES: Readonly<Record<string, readonly Method[]>> = {
  // The person's own account, as a member held back by the two-factor policy keeps it
  // (./two-factor-policy.ts): who they are, switching workspace, accepting an invitation, password,
  // sessions, verification mail, two-factor sign-in and passkeys. Sign-out is a public route.
  [apiPaths.me]: ['GET'],
  [apiPaths.activeWorkspace]: ['PUT'],
  [apiPaths.invitationAccept]: ['POST'],
  [apiPaths.profile]: ['PATCH'],
  [apiPaths.changePassword]: ['POST'],
  [apiPaths.accountSessions]: ['GET'],
  [apiPaths.accountSession]: ['DELETE'],
  [apiPaths.signOutOtherSessions]: ['POST'],
  [apiPaths.verificationEmail]: ['POST'],
  [twoFactorPaths.status]: ['GET'],
  [twoFactorPaths.setup]: ['POST'],
  [twoFactorPaths.confirm]: ['POST'],
  [twoFactorPaths.backupCodes]: ['POST'],
  [twoFactorPaths.disable]: ['POST'],
  [twoFactorPaths.passkeys]: ['GET', 'POST'],
  [twoFactorPaths.passkeyRegistrationOptions]: ['GET'],
  [twoFactorPaths.passkey]: ['DELETE'],
  // Their client, read only: each of these answers only what `clientScope` names (another
  // client's rows answer 404, as another workspace's do).
  [apiPaths.client]: ['GET'],
  [apiPaths.placements]: ['GET'],
  [apiPaths.placement]: ['GET'],
  [apiPaths.placementTotals]: ['GET'],
  // Their client's report (JSON, PDF, CSV), read through reportScopeOf (modules/reports/routes.ts):
  // a campaign's or another client's answers 404. Share links, schedules and the white label stay
  // the team's.
  [apiPaths.reports]: ['GET'],
  [apiPaths.reportPdf]: ['GET'],
  [apiPaths.reportCsv]: ['GET'],
};

/** Whether CLIENT_ROUTES lists `method` (HEAD as GET) on the route registered as `url`. */
export function clientMayCall(method: string, url: string): boolean {
  const listed = Object.hasOwn(CLIENT_ROUTES, url) ? CLIENT_ROUTES[url]! : [];
  return listed.includes((method === 'HEAD' ? 'GET' : method) as Method);
}

/**
 * The signed-in scope's hook after the session check (app.ts): a request whose member has the
 * Client role in the request's workspace reaches only CLIENT_ROUTES; this is the one place that
 * refuses them the rest (docs/decisions/040-client-role.md).
 * @throws AppError FORBIDDEN (403, workspaceMessages.clientOnly)
 */
export async function enforceClientRole(request: FastifyRequest): Promise<void> {
  if (request.workspace?.role !== 'client') return;
  if (clientMayCall(request.method, request.routeOptions.url ?? '')) return;
  throw AppError.forbidden(workspaceMessages.clientOnly);
}

/**
 * The client whose data the request may see: the client's id for a member with the Client role,
 * null for the team (who see every client of the workspace). Routes of CLIENT_ROUTES pass it to
 * their service as a filter.
 * @throws AppError FORBIDDEN (403) for a Client-role member without a client (never stored: the
 *   membership and its client row are written together), so a missing client never widens the view;
 *   UNAUTHORIZED (401) outside the signed-in scope.
 */
export function clientScope(request: FastifyRequest): string | null {
  const workspace = activeWorkspace(request);
  if (workspace.role !== 'client') return null;
  if (!workspace.clientId) throw AppError.forbidden(workspaceMessages.clientOnly);
  return workspace.clientId;
}
