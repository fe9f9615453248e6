import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { reportSharePath } from '#shared/paths';
import {
  reportMessages as m,
  type ShareLink,
  type ShareLinkPage,
  type createShareLinkSchema,
  type reportListQuerySchema,
} from '#shared/schemas/reports';
import type { z } from 'zod';
import type { Actor } from '../../auth/workspaces';
import type { Database, Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { clients } from '../../db/schema/clients';
import { reportShareLinks } from '../../db/schema/reports';
import { countWhere, listPage } from '../../db/list-page';
import { iso, pageOffset } from '../../db/sql-helpers';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import { deriveKey } from '../../secrets';
import { resolveReportScope } from '../../reports/build';

type ShareRow = typeof reportShareLinks.$inferSelect;

/** The key that signs share links, derived for that one purpose from APP_SECRET (secrets.ts). */
export function shareLinkKey(appSecret: string): Buffer {
  return deriveKey(appSecret, 'report-share-links');
}

const mac = (key: Buffer, id: string) =>
  createHmac('sha256', key).update(`report-share:${id}`).digest('base64url');

/** A share link's token: the row's id and an HMAC-SHA256 of it with the share key (base64url). */
export function shareToken(key: Buffer, id: string): string {
  return `${id}.${mac(key, id)}`;
}

/** The row id a token names when its signature is right, else null (compared in constant time). */
export function shareTokenId(key: Buffer, token: string): string | null {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const expected = Buffer.from(mac(key, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

function stateOf(row: ShareRow, now = new Date()): ShareLink['state'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'active';
}

function toShareLink(row: ShareRow & { scopeName: string | null }, key: Buffer, appUrl: string): ShareLink {
  return {
    id: row.id,
    clientId: row.clientId,
    campaignId: row.campaignId,
    scopeName: row.scopeName ?? '',
    from: row.fromDate,
    to: row.toDate,
    hideMoney: row.hideMoney,
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    createdAt: iso(row.createdAt),
    url: new URL(reportSharePath(shareToken(key, row.id)), appUrl).toString(),
    state: stateOf(row),
  };
}

const facts = (row: ShareRow, scopeName: string) => ({
  shareLinkId: row.id,
  scopeName,
  from: row.fromDate,
  to: row.toDate,
  expiresAt: iso(row.expiresAt),
});

/**
 * Creates a share link of one of the workspace's clients' or campaigns' report and announces it
 * (`report.shared`). @throws AppError NOT_FOUND when the client or campaign is not the workspace's.
 */
export async function createShareLink(
  db: Database,
  actor: Actor,
  ctx: { key: Buffer; appUrl: string },
  input: z.output<typeof createShareLinkSchema>,
): Promise<ShareLink> {
  const scope = await resolveReportScope(db, actor.workspaceId, input);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reportShareLinks)
      .values({
        workspaceId: actor.workspaceId,
        clientId: scope.kind === 'client' ? scope.id : null,
        campaignId: scope.kind === 'campaign' ? scope.id : null,
        fromDate: input.from,
        toDate: input.to,
        hideMoney: input.hideMoney,
        expiresAt: new Date(Date.now() + input.expiresInDays * 86_400_000),
        createdBy: actor.userId,
      })
      .returning();
    await emit(tx, {
      type: 'report.shared',
      workspaceId: actor.workspaceId,
      actor,
      payload: facts(created!, scope.name),
    });
    return created!;
  });
  return toShareLink({ ...row, scopeName: scope.name }, ctx.key, ctx.appUrl);
}

/** One page of the workspace's share links, newest first, with their state (active, expired, revoked). */
export async function listShareLinks(
  db: Database,
  workspaceId: string,
  ctx: { key: Buffer; appUrl: string },
  query: z.output<typeof reportListQuerySchema>,
): Promise<ShareLinkPage> {
  const where = eq(reportShareLinks.workspaceId, workspaceId);
  return listPage(
    db
      .select({ link: reportShareLinks, clientName: clients.name, campaignName: campaigns.name })
      .from(reportShareLinks)
      .leftJoin(clients, eq(clients.id, reportShareLinks.clientId))
      .leftJoin(campaigns, eq(campaigns.id, reportShareLinks.campaignId))
      .where(where)
      .orderBy(desc(reportShareLinks.createdAt), desc(reportShareLinks.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    countWhere(db, reportShareLinks, where),
    query,
    (r) => toShareLink({ ...r.link, scopeName: r.clientName ?? r.campaignName }, ctx.key, ctx.appUrl),
  );
}

/**
 * Revokes one of the workspace's share links (it stops opening at once) and announces it
 * (`report.share_revoked`); revoking it again changes nothing. @throws AppError NOT_FOUND.
 */
export async function revokeShareLink(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ link: reportShareLinks, clientName: clients.name, campaignName: campaigns.name })
      .from(reportShareLinks)
      .leftJoin(clients, eq(clients.id, reportShareLinks.clientId))
      .leftJoin(campaigns, eq(campaigns.id, reportShareLinks.campaignId))
      .where(and(eq(reportShareLinks.id, id), eq(reportShareLinks.workspaceId, actor.workspaceId)))
      .for('update', { of: reportShareLinks });
    if (!row) throw AppError.notFound(m.shareNotFound);
    if (row.link.revokedAt) return;
    await tx.update(reportShareLinks).set({ revokedAt: new Date() }).where(eq(reportShareLinks.id, id));
    await emit(tx, {
      type: 'report.share_revoked',
      workspaceId: actor.workspaceId,
      actor,
      payload: facts(row.link, row.clientName ?? row.campaignName ?? ''),
    });
  });
}

/** What a share link's token opens: its row, or why it opens nothing. */
export type OpenedShareLink =
  { ok: true; link: ShareRow } | { ok: false; reason: 'invalid' | 'revoked' | 'expired'; message: string };

/** Reads a share link's token: a forged or unknown one is invalid; a revoked or expired one says so. */
export async function openShareLink(db: Db, key: Buffer, token: string): Promise<OpenedShareLink> {
  const id = shareTokenId(key, token);
  const [row] = id ? await db.select().from(reportShareLinks).where(eq(reportShareLinks.id, id)) : [];
  if (!row) return { ok: false, reason: 'invalid', message: m.linkInvalid };
  const state = stateOf(row);
  if (state === 'revoked') return { ok: false, reason: 'revoked', message: m.linkRevoked };
  if (state === 'expired') return { ok: false, reason: 'expired', message: m.linkExpired };
  return { ok: true, link: row };
}
