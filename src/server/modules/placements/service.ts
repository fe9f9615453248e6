import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  placementMessages as m,
  type CreatePlacement,
  type Placement,
  type PlacementPage,
  type UpdatePlacement,
  type placementExportQuerySchema,
  type placementListQuerySchema,
} from '../../../shared/schemas/placements';
import type { PlacementIssue } from '../../../shared/schemas/claims';
import type { Actor } from '../../auth/workspaces';
import type { Database, Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { clients } from '../../db/schema/clients';
import { inboxThreads } from '../../db/schema/inbox';
import { liveLinks } from '../../db/schema/live-links';
import { placements } from '../../db/schema/placements';
import { prospects } from '../../db/schema/prospects';
import { countWhere, listPage } from '../../db/list-page';
import { iso, pageOffset } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';
import { emit } from '../../events/emit';
import { announcePlacement } from '../../placements/events';
import { insertPlacement, todayUtc } from '../../placements/ledger';
import { metricsOnGoingLive } from '../../placements/metrics-at-live';
import { findOwnedCampaign } from '../../campaigns/find';
import { assertClientOfWorkspace } from '../clients/service';

const notFound = () => AppError.notFound(m.notFound);

const columns = {
  id: placements.id,
  source: placements.source,
  clientId: placements.clientId,
  clientName: clients.name,
  campaignId: placements.campaignId,
  campaignName: campaigns.name,
  prospectId: placements.prospectId,
  prospectWebsite: prospects.website,
  threadId: inboxThreads.id,
  liveLinkId: placements.liveLinkId,
  liveLinkStatus: liveLinks.status,
  pageUrl: placements.pageUrl,
  targetUrl: placements.targetUrl,
  anchorText: placements.anchorText,
  rel: placements.rel,
  liveAt: placements.liveAt,
  priceMinor: placements.priceMinor,
  currency: placements.currency,
  paymentStatus: placements.paymentStatus,
  paidAt: placements.paidAt,
  invoiceNumber: placements.invoiceNumber,
  invoiceKey: placements.invoiceKey,
  invoiceFileName: placements.invoiceFileName,
  invoiceContentType: placements.invoiceContentType,
  invoiceBytes: placements.invoiceBytes,
  warrantyMonths: placements.warrantyMonths,
  warrantyEndsOn: sql<
    string | null
  >`to_char(${placements.liveAt} + make_interval(months => ${placements.warrantyMonths}), 'YYYY-MM-DD')`,
  notes: placements.notes,
  monitorIssues: sql<PlacementIssue[] | null>`${placements.monitorIssues}`,
  metricsAtLive: placements.metricsAtLive,
  openClaim: sql<
    Placement['openClaim']
  >`(select json_build_object('id', c.id, 'status', c.status, 'restoreSuggested', c.restore_suggested_at is not null) from placement_claims c where c.placement_id = ${placements.id} and c.status in ('open', 'publisher_replied') limit 1)`,
  createdAt: placements.createdAt,
  updatedAt: placements.updatedAt,
};

/** The placements with the names and states of what they link to (every join optional: the ledger outlives them). */
function selectPlacements(db: Db) {
  return db
    .select(columns)
    .from(placements)
    .leftJoin(clients, eq(clients.id, placements.clientId))
    .leftJoin(campaigns, eq(campaigns.id, placements.campaignId))
    .leftJoin(prospects, eq(prospects.id, placements.prospectId))
    .leftJoin(inboxThreads, eq(inboxThreads.prospectId, placements.prospectId))
    .leftJoin(liveLinks, eq(liveLinks.id, placements.liveLinkId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectPlacements>['where']>>[number];

function toPlacement(r: Row): Placement {
  const { invoiceKey, invoiceFileName, invoiceContentType, invoiceBytes, createdAt, updatedAt, ...rest } = r;
  return {
    ...rest,
    invoice:
      invoiceKey && invoiceFileName && invoiceContentType
        ? { fileName: invoiceFileName, contentType: invoiceContentType, bytes: invoiceBytes ?? 0 }
        : null,
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
}

/** The WHERE of the list, totals and export: the workspace and the filters (client `none`: no client). */
export function placementFilter(
  workspaceId: string,
  query: z.output<typeof placementExportQuerySchema>,
): SQL | undefined {
  return and(
    eq(placements.workspaceId, workspaceId),
    query.clientId === 'none'
      ? isNull(placements.clientId)
      : query.clientId
        ? eq(placements.clientId, query.clientId)
        : undefined,
    query.campaignId ? eq(placements.campaignId, query.campaignId) : undefined,
    query.paymentStatus ? eq(placements.paymentStatus, query.paymentStatus) : undefined,
    query.prospectId ? eq(placements.prospectId, query.prospectId) : undefined,
    query.liveLinkId ? eq(placements.liveLinkId, query.liveLinkId) : undefined,
  );
}

const listOrder = [
  desc(sql`coalesce(${placements.liveAt}, ${placements.createdAt}::date)`),
  desc(placements.id),
];

/** One page of the workspace's placements, newest date live first, by client, campaign, payment status, prospect or live link. */
export async function listPlacements(
  db: Database,
  workspaceId: string,
  query: z.output<typeof placementListQuerySchema>,
): Promise<PlacementPage> {
  const where = placementFilter(workspaceId, query);
  return listPage(
    selectPlacements(db)
      .where(where)
      .orderBy(...listOrder)
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    countWhere(db, placements, where),
    query,
    toPlacement,
  );
}

/** Every placement of the filter, in the list's order (the CSV export; a ledger is thousands of rows, not millions). */
export async function allPlacements(
  db: Database,
  workspaceId: string,
  query: z.output<typeof placementExportQuerySchema>,
): Promise<Placement[]> {
  const rows = await selectPlacements(db)
    .where(placementFilter(workspaceId, query))
    .orderBy(...listOrder);
  return rows.map(toPlacement);
}

/**
 * One of the workspace's placements; with `clientId` (a Client-role member's client:
 * docs/decisions/040-client-role.md) only one of that client's.
 * @throws AppError NOT_FOUND when it is not the workspace's (or not the client's).
 */
export async function findPlacement(
  db: Db,
  workspaceId: string,
  id: string,
  clientId: string | null = null,
): Promise<Placement> {
  const [row] = await selectPlacements(db).where(
    and(
      eq(placements.id, id),
      eq(placements.workspaceId, workspaceId),
      clientId === null ? undefined : eq(placements.clientId, clientId),
    ),
  );
  if (!row) throw notFound();
  return toPlacement(row);
}

/** The stored row of one of the workspace's placements (with the invoice's storage key). @throws AppError NOT_FOUND. */
export async function placementRow(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(placements)
    .where(and(eq(placements.id, id), eq(placements.workspaceId, workspaceId)));
  if (!row) throw notFound();
  return row;
}

/**
 * Records a placement by hand, optionally in one of the workspace's campaigns (whose client it takes
 * when none is chosen). @throws AppError NOT_FOUND for another workspace's campaign; VALIDATION_ERROR
 * on `clientId` for another workspace's client.
 */
export async function createPlacement(
  db: Database,
  actor: Actor,
  input: CreatePlacement,
): Promise<Placement> {
  const campaign = input.campaignId ? await findOwnedCampaign(db, actor.workspaceId, input.campaignId) : null;
  const clientId = input.clientId ?? campaign?.clientId ?? null;
  await assertClientOfWorkspace(db, actor.workspaceId, clientId);
  const row = await db.transaction((tx) =>
    insertPlacement(tx, actor, { ...input, clientId, workspaceId: actor.workspaceId, source: 'manual' }),
  );
  return findPlacement(db, actor.workspaceId, row.id);
}

/**
 * The placement of one of the workspace's live links: its page, target and anchor, the campaign and
 * its client, and the rel the latest check saw (dofollow when none). A link with a placement already
 * answers that one.
 * @throws AppError NOT_FOUND when the live link is not the workspace's.
 */
export async function placementFromLiveLink(
  db: Database,
  actor: Actor,
  liveLinkId: string,
): Promise<Placement> {
  const [link] = await db
    .select({ link: liveLinks, clientId: campaigns.clientId })
    .from(liveLinks)
    .innerJoin(campaigns, eq(campaigns.id, liveLinks.campaignId))
    .where(and(eq(liveLinks.id, liveLinkId), eq(liveLinks.workspaceId, actor.workspaceId)));
  if (!link) throw AppError.notFound('Live link not found');
  const id = await db.transaction(async (tx) => {
    // One placement per live link, even when two requests race.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`placement-live-link:${liveLinkId}`}))`);
    const [existing] = await tx
      .select({ id: placements.id })
      .from(placements)
      .where(eq(placements.liveLinkId, liveLinkId));
    if (existing) return existing.id;
    const rel =
      (['sponsored', 'ugc', 'nofollow'] as const).find((r) => link.link.rel.includes(r)) ?? 'dofollow';
    const row = await insertPlacement(tx, actor, {
      workspaceId: actor.workspaceId,
      source: 'live_link',
      clientId: link.clientId,
      campaignId: link.link.campaignId,
      liveLinkId,
      pageUrl: link.link.pageUrl,
      targetUrl: link.link.url,
      anchorText: link.link.anchorText,
      rel,
      liveAt: todayUtc(link.link.discoveredAt),
    });
    return row.id;
  });
  return findPlacement(db, actor.workspaceId, id);
}

/**
 * Changes a placement's terms or money and announces which fields changed (`placement.changed`).
 * The first date live also records the site's metrics of that moment (metrics-at-live.ts).
 * A price needs its currency, on the row as it will be.
 * @throws AppError NOT_FOUND; VALIDATION_ERROR on `currency` (price without one) or `clientId`.
 */
export async function updatePlacement(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdatePlacement,
): Promise<Placement> {
  if (input.clientId !== undefined) await assertClientOfWorkspace(db, actor.workspaceId, input.clientId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(placements)
      .where(and(eq(placements.id, id), eq(placements.workspaceId, actor.workspaceId)))
      .for('update');
    if (!before) throw notFound();
    const values = { ...input };
    // No price: no currency either (the row keeps both or neither).
    if (values.priceMinor === null) values.currency = null;
    const priceAfter = values.priceMinor !== undefined ? values.priceMinor : before.priceMinor;
    const currencyAfter = values.currency !== undefined ? values.currency : before.currency;
    if (priceAfter !== null && !currencyAfter) throw AppError.invalidField('currency', m.currencyRequired);
    if (priceAfter === null && currencyAfter) values.currency = null;
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
      (key) => values[key] !== undefined && values[key] !== before[key],
    );
    if (changed.length === 0) return;
    // Given its date live now: its site's metrics of this moment are kept with it.
    const metricsAtLive = await metricsOnGoingLive(
      tx,
      actor.workspaceId,
      { ...before, ...(values.liveAt !== undefined ? { liveAt: values.liveAt } : {}) },
      todayUtc(),
    );
    const [after] = await tx
      .update(placements)
      .set({ ...values, ...(metricsAtLive ? { metricsAtLive } : {}) })
      .where(eq(placements.id, id))
      .returning();
    await announcePlacement(tx, actor, { type: 'placement.changed', placement: after!, changed });
  });
  return findPlacement(db, actor.workspaceId, id);
}

/**
 * Deletes a placement. @returns the storage key of its invoice file, for the caller to remove.
 * @throws AppError NOT_FOUND when it is not the workspace's.
 */
export async function deletePlacement(db: Database, workspaceId: string, id: string): Promise<string | null> {
  const [row] = await db
    .delete(placements)
    .where(and(eq(placements.id, id), eq(placements.workspaceId, workspaceId)))
    .returning({ invoiceKey: placements.invoiceKey });
  if (!row) throw notFound();
  await emit(db, { type: 'placement.deleted', workspaceId, payload: { placementId: id } });
  return row.invoiceKey;
}

/** The invoice file fields a placement stores. */
export interface InvoiceFile {
  key: string;
  fileName: string;
  contentType: string;
  bytes: number;
}

/**
 * Points a placement at its (new) invoice file, or at none.
 * @returns the key of the file it replaced, for the caller to remove. @throws AppError NOT_FOUND.
 */
export async function setPlacementInvoice(
  db: Database,
  actor: Actor,
  id: string,
  file: InvoiceFile | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const before = await placementRow(tx, actor.workspaceId, id);
    const [after] = await tx
      .update(placements)
      .set({
        invoiceKey: file?.key ?? null,
        invoiceFileName: file?.fileName ?? null,
        invoiceContentType: file?.contentType ?? null,
        invoiceBytes: file?.bytes ?? null,
      })
      .where(eq(placements.id, id))
      .returning();
    await announcePlacement(tx, actor, {
      type: 'placement.changed',
      placement: after!,
      changed: ['invoice'],
    });
    return before.invoiceKey;
  });
}
