import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { invitePath } from '../../../shared/paths';
import { workspaceMessages } from '../../../shared/roles';
import {
  INVITATION_TTL_MS,
  invitationMessages as m,
  type createInvitationSchema,
  type Invitation,
  type InvitationPreview,
  type IssuedInvitation,
} from '../../../shared/schemas/invitations';
import { roleLabels } from '../../../shared/schemas/settings';
import { emit } from '../../events/emit';
import { appMailer } from '../../alert-mail';
import type { SessionUser } from '../../auth/session';
import type { ActiveWorkspace, Actor } from '../../auth/workspaces';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { workspaceInvitations, workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { clientInvitations, clientMembers } from '../../db/schema/client-users';
import { clients } from '../../db/schema/clients';
import type { Role } from '../../../shared/schemas/auth';
import { assertClientOfWorkspace } from '../clients/service';
import { iso } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const invitationColumns = {
  id: workspaceInvitations.id,
  email: workspaceInvitations.email,
  role: workspaceInvitations.role,
  clientId: clients.id,
  clientName: clients.name,
  invitedBy: users.name,
  createdAt: workspaceInvitations.createdAt,
  expiresAt: workspaceInvitations.expiresAt,
};

function toInvitation({
  clientId,
  clientName,
  ...row
}: {
  id: string;
  email: string | null;
  role: Invitation['role'];
  clientId: string | null;
  clientName: string | null;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}): Invitation {
  return {
    ...row,
    client: clientId && clientName !== null ? { id: clientId, name: clientName } : null,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
  };
}

/** The invitations with their inviter's name and, for the Client role, their client. */
function selectInvitations(db: Db) {
  return db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .leftJoin(clientInvitations, eq(clientInvitations.invitationId, workspaceInvitations.id))
    .leftJoin(clients, eq(clients.id, clientInvitations.clientId));
}

/** Open = neither accepted nor revoked, expired or not: it may still be re-sent or revoked. */
const open = () => and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt));

/** Pending = open and not expired: its link works. */
const pending = (now: Date) => and(open(), gt(workspaceInvitations.expiresAt, now));

/** The workspace's pending invitations, newest first (the Users tab). Full Access only. */
export async function listInvitations(db: Db, actor: Actor): Promise<Invitation[]> {
  assertFull(actor);
  const rows = await selectInvitations(db)
    .where(and(eq(workspaceInvitations.workspaceId, actor.workspaceId), pending(new Date())))
    .orderBy(desc(workspaceInvitations.createdAt));
  return rows.map(toInvitation);
}

function assertFull(actor: Actor): void {
  if (actor.role !== 'full') throw AppError.forbidden(workspaceMessages.fullAccessOnly);
}

/**
 * Refuses when the workspace already has `max` team members (WORKSPACE_MAX_MEMBERS; undefined: no
 * limit). Client-role members are not seats of the team and count in no limit
 * (docs/decisions/040-client-role.md).
 * @throws AppError CONFLICT with the plan's wording.
 */
async function assertRoomForMember(
  db: Db,
  workspaceId: string,
  max: number | undefined,
  role: Role,
): Promise<void> {
  if (max === undefined || role === 'client') return;
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.role, 'client')));
  if ((row?.n ?? 0) >= max) throw new AppError('CONFLICT', m.memberLimit(max));
}

export interface InvitationDeps {
  db: Database;
  config: Config;
}

/**
 * Invites someone to the actor's workspace (Full Access only): stores the invitation with the hash
 * of a new random token, emails the link to the address through the app's SMTP when both exist,
 * and returns the link to copy either way. An earlier pending invitation of the same address is
 * revoked, so one link works per person.
 * @throws AppError FORBIDDEN (not full), CONFLICT (already a member, or the member limit is reached).
 */
export async function createInvitation(
  { db, config }: InvitationDeps,
  actor: Actor,
  inviter: SessionUser,
  workspace: ActiveWorkspace,
  input: z.output<typeof createInvitationSchema>,
): Promise<IssuedInvitation> {
  assertFull(actor);
  const email = input.email?.toLowerCase() ?? null;
  await assertRoomForMember(db, actor.workspaceId, config.WORKSPACE_MAX_MEMBERS, input.role);
  // The client must be the workspace's own (docs/decisions/040-client-role.md).
  if (input.clientId) await assertClientOfWorkspace(db, actor.workspaceId, input.clientId);
  if (email) {
    const [member] = await db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, actor.workspaceId), sql`lower(${users.email}) = ${email}`));
    if (member) throw new AppError('CONFLICT', m.alreadyMember);
  }
  const token = newToken();
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    if (email) {
      await tx
        .update(workspaceInvitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(workspaceInvitations.workspaceId, actor.workspaceId),
            eq(workspaceInvitations.email, email),
            pending(now),
          ),
        );
    }
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId: actor.workspaceId,
        email,
        role: input.role,
        tokenHash: tokenHash(token),
        invitedBy: actor.userId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning({ id: workspaceInvitations.id });
    if (input.clientId) {
      await tx.insert(clientInvitations).values({ invitationId: row!.id, clientId: input.clientId });
    }
    await emit(tx, {
      type: 'member.invited',
      workspaceId: actor.workspaceId,
      actor,
      payload: { email: email ?? 'anyone with the link', role: roleLabels[input.role] },
    });
    return row!.id;
  });
  return issued(db, config, id, token, { inviter: inviter.name, workspace: workspace.name });
}

/** The stored invitation `id` with its new link, emailed when it names an address and SMTP is set. */
async function issued(
  db: Db,
  config: Config,
  id: string,
  token: string,
  names: { inviter: string; workspace: string },
): Promise<IssuedInvitation> {
  const [row] = await selectInvitations(db).where(eq(workspaceInvitations.id, id));
  const invitation = toInvitation(row!);
  const link = new URL(invitePath(token), config.APP_URL).toString();
  const send = invitation.email ? appMailer(config) : null;
  if (!send || !invitation.email) return { invitation, link, delivery: 'link' };
  try {
    await send({
      to: invitation.email,
      subject: `${names.inviter} invited you to ${names.workspace} on LinkPilot`,
      text:
        `${names.inviter} invited you to join ${names.workspace} on LinkPilot.\n\n` +
        `Open this link to accept (it works for 7 days, once):\n\n${link}\n\n` +
        `If you do not know ${names.inviter}, ignore this email.\n`,
    });
    return { invitation, link, delivery: 'email' };
  } catch (error) {
    // The invitation is stored and its link is shown to copy: a refused email loses nothing.
    console.error('[invitations] email failed:', (error as Error).message);
    return { invitation, link, delivery: 'link' };
  }
}

/**
 * Re-sends a pending invitation with a new link (the old one stops working) and 7 more days.
 * @throws AppError FORBIDDEN (not full), NOT_FOUND (not a pending invitation of this workspace).
 */
export async function resendInvitation(
  { db, config }: InvitationDeps,
  actor: Actor,
  inviter: SessionUser,
  workspace: ActiveWorkspace,
  id: string,
): Promise<IssuedInvitation> {
  const token = newToken();
  const now = new Date();
  await updateOpenInvitation(db, actor, id, {
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  return issued(db, config, id, token, { inviter: inviter.name, workspace: workspace.name });
}

/**
 * Revokes a pending invitation: its link stops working at once.
 * @throws AppError FORBIDDEN (not full), NOT_FOUND (not a pending invitation of this workspace).
 */
export async function revokeInvitation(db: Db, actor: Actor, id: string): Promise<void> {
  await updateOpenInvitation(db, actor, id, { revokedAt: new Date() });
}

/**
 * Sets `values` on the open invitation `id` of the actor's workspace (Full Access only).
 * @throws AppError FORBIDDEN (not full), NOT_FOUND (not an open invitation of this workspace).
 */
async function updateOpenInvitation(
  db: Db,
  actor: Actor,
  id: string,
  values: Partial<typeof workspaceInvitations.$inferInsert>,
): Promise<void> {
  assertFull(actor);
  const updated = await db
    .update(workspaceInvitations)
    .set(values)
    .where(
      and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, actor.workspaceId), open()),
    )
    .returning({ id: workspaceInvitations.id });
  if (updated.length === 0) throw AppError.notFound(m.notFound);
}

/** The invitation of a link, whatever its state, with its workspace's name and its inviter's. */
async function findByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspace: workspaces.name,
      invitedBy: users.name,
      role: workspaceInvitations.role,
      clientId: clientInvitations.clientId,
      clientName: clients.name,
      email: workspaceInvitations.email,
      expiresAt: workspaceInvitations.expiresAt,
      acceptedAt: workspaceInvitations.acceptedAt,
      revokedAt: workspaceInvitations.revokedAt,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .leftJoin(clientInvitations, eq(clientInvitations.invitationId, workspaceInvitations.id))
    .leftJoin(clients, eq(clients.id, clientInvitations.clientId))
    .where(eq(workspaceInvitations.tokenHash, tokenHash(token)));
  return row ?? null;
}

/**
 * Why a found invitation cannot be used now, in the user's words, or null when it can.
 */
function unusable(
  row: {
    expiresAt: Date;
    acceptedAt: Date | null;
    revokedAt: Date | null;
    role: Role;
    clientId: string | null;
  },
  now: Date,
) {
  // A Client invitation whose client was deleted went with it (docs/decisions/040-client-role.md).
  if (row.revokedAt || (row.role === 'client' && !row.clientId)) return m.revokedLink;
  if (row.acceptedAt) return m.used;
  if (row.expiresAt <= now) return m.expired;
  return null;
}

/**
 * What an invitation link shows before anyone signs in: workspace, inviter, role, address.
 * @throws AppError NOT_FOUND (unknown token), CONFLICT (revoked, used or expired, with the reason).
 */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await findByToken(db, token);
  if (!row) throw AppError.notFound(m.notFound);
  const refusal = unusable(row, new Date());
  if (refusal) throw new AppError('CONFLICT', refusal);
  return {
    workspace: row.workspace,
    invitedBy: row.invitedBy,
    role: row.role,
    clientName: row.clientName,
    email: row.email,
  };
}

/**
 * Accepts an invitation for the signed-in user: their address must be verified and, unless the
 * link is for anyone, equal to the invited one (case-insensitive). In one transaction the
 * invitation is marked used by a conditional update (so two accepts of one link cannot both win),
 * the member limit is checked and the membership added, as the user's current workspace.
 * @returns the workspace joined.
 * @throws AppError NOT_FOUND (unknown token), CONFLICT (revoked, used, expired, member limit),
 *   FORBIDDEN (unverified address, another address).
 */
export async function acceptInvitation(
  { db, config }: InvitationDeps,
  user: SessionUser,
  token: string,
): Promise<{ id: string; name: string }> {
  const row = await findByToken(db, token);
  if (!row) throw AppError.notFound(m.notFound);
  const now = new Date();
  const refusal = unusable(row, now);
  if (refusal) throw new AppError('CONFLICT', refusal);
  if (!user.emailVerified) throw AppError.forbidden(m.verifyFirst);
  if (row.email && row.email !== user.email.toLowerCase()) throw AppError.forbidden(m.otherEmail(row.email));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(and(eq(workspaceInvitations.id, row.id), pending(now)))
      .returning({ id: workspaceInvitations.id });
    if (claimed.length === 0) throw new AppError('CONFLICT', m.used);
    const [existing] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.userId, user.id)));
    // A teammate never becomes a client's person by a link, nor a client's person a teammate: the
    // roles are different kinds (docs/decisions/040-client-role.md).
    if (existing && (existing.role === 'client') !== (row.role === 'client')) {
      throw new AppError('CONFLICT', m.alreadyMember);
    }
    if (existing) {
      await tx
        .update(workspaceMembers)
        .set({ lastUsedAt: now })
        .where(and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.userId, user.id)));
    } else {
      // Serialises joins to one workspace, so two accepts cannot both pass the limit.
      await tx.execute(sql`select id from workspaces where id = ${row.workspaceId} for update`);
      await assertRoomForMember(tx, row.workspaceId, config.WORKSPACE_MAX_MEMBERS, row.role);
      await tx.insert(workspaceMembers).values({
        workspaceId: row.workspaceId,
        userId: user.id,
        role: row.role,
        joinedAt: now,
        lastUsedAt: now,
      });
      if (row.role === 'client' && row.clientId) {
        await tx
          .insert(clientMembers)
          .values({ workspaceId: row.workspaceId, userId: user.id, clientId: row.clientId });
      }
      await emit(tx, {
        type: 'member.joined',
        workspaceId: row.workspaceId,
        actor: { userId: user.id },
        payload: { email: user.email, role: roleLabels[row.role] },
      });
    }
    return { id: row.workspaceId, name: row.workspace };
  });
}
