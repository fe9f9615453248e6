import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema/users';
import { workspaces } from '../db/schema/workspaces';
import { AppError } from '../http/errors';
import { workspaceMessages } from '../../shared/roles';
import { apiKeyMessages } from '../../shared/schemas/api-keys';
import type { ApiKeyScope } from '../../shared/schemas/webhook-events';
import { bearerToken } from './api-key-secret';
import type { Auth } from './auth';
import {
  activeMembership,
  isWorkspaceId,
  resolveWorkspace,
  WORKSPACE_HEADER,
  type ActiveWorkspace,
  type Actor,
} from './workspaces';

/** The signed-in user as the route handlers see it. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  companyName: string;
  createdAt: Date;
  /** True once the user opened the link emailed to their address (auth/verification-mail.ts). */
  emailVerified: boolean;
  /** True once the user confirmed an authenticator app (better-auth's two-factor plugin). */
  twoFactorEnabled: boolean;
  /**
   * The id of the session the request came with (Settings → Security marks it "This device");
   * null when it came with an API key instead.
   */
  sessionId: string | null;
}

/** The API key a request came with (docs/decisions/025-public-api-and-webhooks.md). */
export interface RequestApiKey {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
}

/** Who a request made with an API key acts as: the key's creator, in the key's workspace. */
export interface KeyHolder {
  user: SessionUser;
  workspace: ActiveWorkspace;
  apiKey: RequestApiKey;
}

/**
 * Reads the key of an `Authorization: Bearer …` request (./api-key-auth.ts); `token` is the bearer
 * credential. Refuses by throwing AppError (401, 403 or 429).
 */
export type ApiKeyReader = (
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) => Promise<KeyHolder>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the signed-in scope's onRequest hook (and by requireAdmin); null for visitors. */
    user: SessionUser | null;
    /** The workspace the signed-in request acts on (./workspaces.ts); null outside the signed-in scope. */
    workspace: ActiveWorkspace | null;
    /** The API key the signed-in request came with; null for the web app's session (and visitors). */
    apiKey: RequestApiKey | null;
  }
  interface FastifyContextConfig {
    /** The route works for a signed-in user who belongs to no workspace (accepting an invitation). */
    workspaceOptional?: boolean;
  }
}

/**
 * The signed-in user's id. Routes in the signed-in scope call it instead of `request.user!`.
 * @throws AppError UNAUTHORIZED (401) when the request has no user (a route registered outside the
 *   signed-in scope by mistake refuses instead of acting for nobody).
 */
export function userId(request: FastifyRequest): string {
  return signedInUser(request).id;
}

/**
 * The signed-in user (id, email, names, company), for the routes that need more than the id.
 * @throws AppError UNAUTHORIZED (401) when the request has no user, as userId does.
 */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

/**
 * The id of the workspace the request acts on: every owned row is read and written under it
 * (docs/decisions/023-workspaces-and-roles.md).
 * @throws AppError UNAUTHORIZED (401) outside the signed-in scope, as userId does.
 */
export function workspaceId(request: FastifyRequest): string {
  return activeWorkspace(request).id;
}

/** The request's workspace with the user's role in it. @throws AppError UNAUTHORIZED (401) as workspaceId does. */
export function activeWorkspace(request: FastifyRequest): ActiveWorkspace {
  if (!request.workspace) throw AppError.unauthorized();
  return request.workspace;
}

/**
 * The signed-in user in the request's workspace, with the API key they act through (if any), so
 * the activity log can say "via API key …". @throws AppError UNAUTHORIZED (401) as workspaceId does.
 */
export function actor(request: FastifyRequest): Actor {
  const workspace = activeWorkspace(request);
  const acting: Actor = { userId: userId(request), workspaceId: workspace.id, role: workspace.role };
  if (workspace.clientId) acting.clientId = workspace.clientId;
  if (request.apiKey) acting.apiKeyId = request.apiKey.id;
  return acting;
}

/**
 * The id of the request's session, for the routes about the user's own sessions.
 * @throws AppError UNAUTHORIZED (401) without a user; FORBIDDEN (403) for a request made with an
 *   API key (such routes are session-only: docs/decisions/025-public-api-and-webhooks.md).
 */
export function sessionId(request: FastifyRequest): string {
  const id = signedInUser(request).sessionId;
  if (id === null) throw AppError.forbidden(apiKeyMessages.sessionOnly);
  return id;
}

/**
 * Refuses a member without Full Access in the request's workspace (docs/product.md#roles).
 * @throws AppError FORBIDDEN (403) with `message`, the sentence of the rule.
 */
export function requireFullAccess(
  request: FastifyRequest,
  message: string = workspaceMessages.fullAccessOnly,
): void {
  if (activeWorkspace(request).role !== 'full') throw AppError.forbidden(message);
}

/** What the fast path needs from better-auth's configuration; read once from `auth.$context`. */
interface SessionSettings {
  /** better-auth's session cookie name, `__Secure-` prefixed when APP_URL is https. */
  tokenCookie: string;
  /** A stale cookie-cache cookie: better-auth clears it, so such requests take its path. */
  dataCookie: string;
  secret: string;
  /** Session lifetime and renewal age (seconds). */
  expiresIn: number;
  updateAge: number;
}

/** HMAC-SHA256 signatures are 32 bytes: 44 base64 characters ending in '=' (as better-call checks). */
const SIGNATURE_CHARS = 44;

/**
 * The value of the first cookie called `name` in a Cookie header, percent-decoded, as better-call's
 * parseCookies reads it (first occurrence wins, surrounding quotes dropped); null when absent.
 */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The session token of a signed cookie value `token.signature` (signature: base64 HMAC-SHA256 of
 * the token with the auth secret, as better-call's setSignedCookie writes it), or null when the
 * value is malformed or the signature does not match. Compared in constant time.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_CHARS || !signature.endsWith('=')) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length) return null;
  return timingSafeEqual(given, expected) ? token : null;
}

/** The columns of `users` a SessionUser is made of (the session and API-key lookups select them). */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  name: users.name,
  companyName: users.companyName,
  createdAt: users.createdAt,
  emailVerified: users.emailVerified,
  twoFactorEnabled: users.twoFactorEnabled,
};

/** A live session's user and the workspace the request acts on (null when they belong to none there). */
export interface SessionRead {
  user: SessionUser;
  workspace: ActiveWorkspace | null;
}

/**
 * Reads sessions for the signed-in routes (docs/decisions/003-auth-sessions-and-rate-limits.md,
 * "Session fast path"): the cookie's signature is checked here, then one indexed statement
 * (sessions.token is unique) joins the live session to its user and to the membership the request
 * acts on (./workspaces.ts, `activeMembership`). A session due for better-auth's daily renewal, or a
 * request carrying its other session cookies, goes through `auth.api.getSession` instead, so
 * renewal and cookie handling stay better-auth's. No cache: a signed-out or deleted session, or a
 * removed membership, is refused on the next request, in every process.
 */
export function createSessionReader(auth: Auth, db: Database) {
  let settings: Promise<SessionSettings> | null = null;
  const load = async (): Promise<SessionSettings> => {
    const ctx = await auth.$context;
    return {
      tokenCookie: ctx.authCookies.sessionToken.name,
      dataCookie: ctx.authCookies.sessionData.name,
      secret: ctx.secret,
      expiresIn: ctx.sessionConfig.expiresIn,
      updateAge: ctx.sessionConfig.updateAge,
    };
  };
  const membership = activeMembership(db, users.id, sql.placeholder('workspace')).as('membership');
  const query = db
    .select({
      ...sessionUserColumns,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      workspaceId: membership.workspaceId,
      workspaceName: workspaces.name,
      role: membership.role,
      clientId: membership.clientId,
      requireTwoFactor: workspaces.requireTwoFactor,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(membership, sql`true`)
    .leftJoin(workspaces, eq(workspaces.id, membership.workspaceId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('auth_session_user');

  /**
   * The request's user and workspace (`requested`, else the last used), or null when its session
   * cookie is missing, forged, expired or revoked. When better-auth renews the session, its
   * Set-Cookie goes onto `reply`.
   */
  return async function read(
    request: FastifyRequest,
    reply: FastifyReply,
    requested?: string,
  ): Promise<SessionRead | null> {
    const s = await (settings ??= load());
    const header = request.headers.cookie;
    const signed = cookieValue(header, s.tokenCookie);
    if (!signed) return null;
    const token = verifySignedToken(signed, s.secret);
    if (!token) return null;
    if (cookieValue(header, s.dataCookie) !== null) return viaBetterAuth(auth, db, request, reply, requested);
    const namesNone = requested !== undefined && !isWorkspaceId(requested);
    const [row] = await query.execute({ token, workspace: namesNone ? null : (requested ?? null) });
    if (!row) return null;
    // better-auth renews once expiresAt - expiresIn + updateAge has passed (api/routes/session.ts).
    // (A "don't remember me" session, which it never renews, would take its path from then on:
    // still correct, and our sign-in does not offer that option.)
    const renewAt = row.expiresAt.getTime() - (s.expiresIn - s.updateAge) * 1000;
    if (renewAt <= Date.now()) return viaBetterAuth(auth, db, request, reply, requested);
    const {
      expiresAt: _expiresAt,
      workspaceId,
      workspaceName,
      role,
      clientId,
      requireTwoFactor,
      ...user
    } = row;
    const workspace =
      namesNone || workspaceId === null || workspaceName === null || role === null
        ? null
        : {
            id: workspaceId,
            name: workspaceName,
            role,
            clientId,
            requireTwoFactor: requireTwoFactor ?? false,
          };
    return { user, workspace };
  };
}

/**
 * better-auth's own session read, its Set-Cookie (renewal, clearing) forwarded, and the request's
 * workspace; null when signed out.
 */
async function viaBetterAuth(
  auth: Auth,
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  requested: string | undefined,
): Promise<SessionRead | null> {
  const result = await auth.api
    .getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true })
    .catch(() => null);
  const cookies = result?.headers.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const u = result?.response?.user;
  const session = result?.response?.session;
  if (!u || !session) return null;
  const user: SessionUser = {
    sessionId: session.id,
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    name: u.name,
    companyName: u.companyName,
    createdAt: u.createdAt,
    emailVerified: u.emailVerified,
    twoFactorEnabled: u.twoFactorEnabled ?? false,
  };
  return { user, workspace: await resolveWorkspace(db, user.id, requested) };
}

export type SessionReader = ReturnType<typeof createSessionReader>;

/**
 * The workspace a request names: the X-Workspace-Id header, else the `workspace` query parameter
 * (an EventSource cannot send headers); undefined when it names none.
 */
function requestedWorkspace(request: FastifyRequest): string | undefined {
  const header = request.headers[WORKSPACE_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const query = (request.query as Record<string, unknown> | undefined)?.workspace;
  return typeof query === 'string' && query !== '' ? query : undefined;
}

/**
 * The onRequest hook of the signed-in scope: sets `request.user` and `request.workspace` (the
 * X-Workspace-Id header's or `workspace` parameter's, else the last used; membership read on every
 * request), or refuses
 * before any body is read, so a visitor's upload costs no parsing or validation.
 * A request with `Authorization: Bearer …` is read by `readApiKey` instead of the session cookie:
 * the key names its workspace and its creator, and sets `request.apiKey`
 * (docs/decisions/025-public-api-and-webhooks.md).
 * @throws AppError UNAUTHORIZED (401) without a valid session or key; NOT_A_MEMBER (403) when the
 *   header names a workspace the user does not belong to, or they belong to none; what `readApiKey`
 *   throws (401, 403, 429) for a key.
 */
export function requireUser(readSession: SessionReader, readApiKey: ApiKeyReader) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (token !== null) {
      const holder = await readApiKey(request, reply, token);
      request.user = holder.user;
      request.workspace = holder.workspace;
      request.apiKey = holder.apiKey;
      return;
    }
    const requested = requestedWorkspace(request);
    const session = await readSession(request, reply, requested);
    if (session) {
      request.user = session.user;
      request.workspace = session.workspace;
      if (request.workspace || (!requested && request.routeOptions.config.workspaceOptional)) return;
      throw new AppError(
        'NOT_A_MEMBER',
        requested ? workspaceMessages.notMember : workspaceMessages.noWorkspace,
      );
    }
    // Node would otherwise read (and drop) the whole unread body to keep the connection alive.
    // A body larger than the route accepts is never worth reading: closing the connection after the
    // answer spares the server a visitor's upload. Bodies within the limit are drained, so a user
    // whose session ran out mid-import surely reads the 401 (a close with unread data may reset).
    if (Number(request.headers['content-length']) > request.routeOptions.bodyLimit) {
      reply.header('connection', 'close');
    }
    throw AppError.unauthorized();
  };
}
