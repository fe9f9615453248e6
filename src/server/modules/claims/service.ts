import { gunzipSync } from 'node:zlib';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  claimMessages as m,
  claimResolutions,
  type Claim,
  type ClaimPage,
  type MoveClaim,
  type claimListQuerySchema,
} from '../../../shared/schemas/claims';
import { siteDomain } from '../../../shared/url-normalize';
import type { Actor } from '../../auth/workspaces';
import type { Database, Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { placementClaims, placementProofs } from '../../db/schema/claims';
import { clients } from '../../db/schema/clients';
import { inboxThreads } from '../../db/schema/inbox';
import { placements } from '../../db/schema/placements';
import { prospects } from '../../db/schema/prospects';
import { users } from '../../db/schema/users';
import { countWhere, listPage } from '../../db/list-page';
import { iso, pageOffset } from '../../db/sql-helpers';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import { announceResolved, assertClaimMove, warrantyEndsOnSql } from '../../placements/claims';
import { insertPlacement, todayUtc } from '../../placements/ledger';

const notFound = () => AppError.notFound(m.notFound);

const columns = {
  claim: placementClaims,
  pageUrl: placements.pageUrl,
  targetUrl: placements.targetUrl,
  anchorText: placements.anchorText,
  rel: placements.rel,
  liveAt: placements.liveAt,
  warrantyEndsOn: warrantyEndsOnSql,
  prospectWebsite: prospects.website,
  campaignName: campaigns.name,
  clientName: clients.name,
  threadId: inboxThreads.id,
  assigneeName: users.name,
  proof: {
    id: placementProofs.id,
    checkedAt: placementProofs.checkedAt,
    issues: placementProofs.issues,
    changes: placementProofs.changes,
    httpStatus: placementProofs.httpStatus,
    finalUrl: placementProofs.finalUrl,
    found: placementProofs.found,
    fragment: placementProofs.fragment,
    snapshotBytes: placementProofs.snapshotBytes,
    snapshotStoredBytes: sql<number | null>`octet_length(${placementProofs.snapshot})`,
    keepUntil: placementProofs.keepUntil,
  },
};

/** Claims with their placement's terms, the proof that opened them and the names around them. */
function selectClaims(db: Db) {
  return db
    .select(columns)
    .from(placementClaims)
    .innerJoin(placements, eq(placements.id, placementClaims.placementId))
    .leftJoin(placementProofs, eq(placementProofs.id, placementClaims.proofId))
    .leftJoin(prospects, eq(prospects.id, placements.prospectId))
    .leftJoin(campaigns, eq(campaigns.id, placements.campaignId))
    .leftJoin(clients, eq(clients.id, placements.clientId))
    .leftJoin(inboxThreads, eq(inboxThreads.prospectId, placements.prospectId))
    .leftJoin(users, eq(users.id, placementClaims.assigneeId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectClaims>['where']>>[number];

function toClaim(r: Row): Claim {
  const c = r.claim;
  return {
    id: c.id,
    placementId: c.placementId,
    status: c.status,
    issues: c.issues,
    restoreSuggestedAt: iso(c.restoreSuggestedAt),
    terms: {
      pageUrl: r.pageUrl,
      targetUrl: r.targetUrl,
      anchorText: r.anchorText,
      rel: r.rel,
      liveAt: r.liveAt,
      warrantyEndsOn: r.warrantyEndsOn,
    },
    prospectWebsite: r.prospectWebsite,
    campaignName: r.campaignName,
    clientName: r.clientName,
    threadId: r.threadId,
    draftBody: c.draftBody,
    assigneeId: c.assigneeId,
    assigneeName: r.assigneeName,
    replacementPlacementId: c.replacementPlacementId,
    note: c.note,
    proof:
      r.proof && r.proof.id
        ? {
            ...r.proof,
            id: r.proof.id,
            checkedAt: iso(r.proof.checkedAt!),
            keepUntil: iso(r.proof.keepUntil!),
            issues: r.proof.issues ?? [],
            changes: r.proof.changes ?? [],
            finalUrl: r.proof.finalUrl ?? '',
            found: r.proof.found ?? null,
          }
        : null,
    openedAt: iso(c.openedAt),
    resolvedAt: iso(c.resolvedAt),
    updatedAt: iso(c.updatedAt),
  };
}

/** One page of the workspace's claims, newest first: waiting ones (`active`), all, or one state; optionally of one placement. */
export async function listClaims(
  db: Database,
  workspaceId: string,
  query: z.output<typeof claimListQuerySchema>,
): Promise<ClaimPage> {
  const where: SQL | undefined = and(
    eq(placementClaims.workspaceId, workspaceId),
    query.status === 'all'
      ? undefined
      : query.status === 'active'
        ? inArray(placementClaims.status, ['open', 'publisher_replied'])
        : eq(placementClaims.status, query.status),
    query.placementId ? eq(placementClaims.placementId, query.placementId) : undefined,
  );
  return listPage(
    selectClaims(db)
      .where(where)
      .orderBy(desc(placementClaims.openedAt), desc(placementClaims.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    countWhere(db, placementClaims, where),
    query,
    toClaim,
  );
}

/** One of the workspace's claims. @throws AppError NOT_FOUND when it is not the workspace's. */
export async function findClaim(db: Db, workspaceId: string, id: string): Promise<Claim> {
  const [row] = await selectClaims(db).where(
    and(eq(placementClaims.id, id), eq(placementClaims.workspaceId, workspaceId)),
  );
  if (!row) throw notFound();
  return toClaim(row);
}

/**
 * Moves a claim (docs/decisions/038-warranty-claims.md): open → publisher replied → restored,
 * replaced, refunded or written off. `replaced` records the replacement as a new placement by hand
 * with the same terms (target, anchor, rel, warranty, campaign, client) on `replacementPageUrl`,
 * live today, and links it. A resolution emits `claim.resolved`.
 * @throws AppError NOT_FOUND; CONFLICT in words for a move the claim's state does not allow.
 */
export async function moveClaim(db: Database, actor: Actor, id: string, input: MoveClaim): Promise<Claim> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        claim: placementClaims,
        placement: placements,
        warrantyEndsOn: warrantyEndsOnSql,
        proof: placementProofs,
      })
      .from(placementClaims)
      .innerJoin(placements, eq(placements.id, placementClaims.placementId))
      .leftJoin(placementProofs, eq(placementProofs.id, placementClaims.proofId))
      .where(and(eq(placementClaims.id, id), eq(placementClaims.workspaceId, actor.workspaceId)))
      .for('update', { of: placementClaims });
    if (!row) throw notFound();
    assertClaimMove(row.claim.status, input.to);
    const resolves = (claimResolutions as readonly string[]).includes(input.to);
    let replacementPlacementId: string | null = null;
    if (input.to === 'replaced') {
      const p = row.placement;
      const replacement = await insertPlacement(tx, actor, {
        workspaceId: actor.workspaceId,
        source: 'manual',
        clientId: p.clientId,
        campaignId: p.campaignId,
        pageUrl: input.replacementPageUrl!,
        targetUrl: p.targetUrl,
        anchorText: p.anchorText,
        rel: p.rel,
        liveAt: todayUtc(),
        warrantyMonths: p.warrantyMonths,
        notes: `Replaces the link on ${siteDomain(p.pageUrl)} (replacement claim).`,
      });
      replacementPlacementId = replacement.id;
    }
    const [after] = await tx
      .update(placementClaims)
      .set({
        status: input.to,
        note: input.note ?? row.claim.note,
        resolvedAt: resolves ? new Date() : null,
        replacementPlacementId: replacementPlacementId ?? row.claim.replacementPlacementId,
      })
      .where(eq(placementClaims.id, id))
      .returning();
    if (resolves) await announceResolved(tx, actor, after!, row.placement, row.warrantyEndsOn, row.proof);
    else
      await emit(tx, {
        type: 'claim.changed',
        workspaceId: actor.workspaceId,
        actor,
        payload: { claimId: id, placementId: row.claim.placementId, change: 'publisher_replied' },
      });
  });
  return findClaim(db, actor.workspaceId, id);
}

/**
 * The page snapshot kept as a claim's proof, uncompressed, with a file name for the download.
 * @throws AppError NOT_FOUND when the claim is not the workspace's or its proof has no snapshot.
 */
export async function claimSnapshot(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<{ html: Buffer; fileName: string }> {
  const [row] = await db
    .select({
      snapshot: placementProofs.snapshot,
      checkedAt: placementProofs.checkedAt,
      pageUrl: placements.pageUrl,
    })
    .from(placementClaims)
    .innerJoin(placements, eq(placements.id, placementClaims.placementId))
    .leftJoin(placementProofs, eq(placementProofs.id, placementClaims.proofId))
    .where(and(eq(placementClaims.id, id), eq(placementClaims.workspaceId, workspaceId)));
  if (!row) throw notFound();
  if (!row.snapshot || !row.checkedAt) throw AppError.notFound(m.snapshotGone);
  const stamp = row.checkedAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return { html: gunzipSync(row.snapshot), fileName: `snapshot-${siteDomain(row.pageUrl)}-${stamp}.html` };
}
