import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { campaignProgress, endedEnrollmentStatuses } from '../../../shared/campaign-progress';
import {
  campaignMessages,
  canChangeStatus,
  statusChangeRefusal,
  type Campaign,
  type CampaignDetail,
  type CampaignOption,
  type CampaignPage,
  type CreateCampaign,
} from '../../../shared/schemas/campaigns';
import type { ProspectPage, ProspectStatus } from '../../../shared/schemas/prospects';
import type { z } from 'zod';
import type {
  campaignCollaboratorsSchema,
  campaignListQuerySchema,
  updateCampaignSchema,
} from '../../../shared/schemas/campaigns';
import type { prospectListQuerySchema } from '../../../shared/schemas/prospects';
import { mayDeleteCampaign, workspaceMessages } from '../../../shared/roles';
import { findOwnedCampaign } from '../../campaigns/find';
import { moveCampaignStatus } from '../../campaigns/status';
import { emit } from '../../events/emit';
import type { Actor } from '../../auth/workspaces';
import type { Database, Db } from '../../db/client';
import { campaignCollaborators } from '../../db/schema/campaign-collaborators';
import { campaignEmailAccounts, campaigns } from '../../db/schema/campaigns';
import { clients } from '../../db/schema/clients';
import { placements } from '../../db/schema/placements';
import { users } from '../../db/schema/users';
import { workspaceMembers } from '../../db/schema/workspaces';
import { prospects } from '../../db/schema/prospects';
import { enrollments } from '../../db/schema/outreach';
import { containsPattern, iso, orderByIndexed, pageOffset } from '../../db/sql-helpers';
import { countWhere, listPage, pageAndTotal, pageOf } from '../../db/list-page';
import { AppError } from '../../http/errors';
import { assertClientOfWorkspace } from '../clients/service';
import { assertEmailAccountOwned } from '../email-accounts/service';
import { insertProspects } from '../prospects/add-prospects';
import { customFieldFilter } from '../prospects/custom-filter';
import { prospectColumns, toProspectFromRaw, type RawProspect } from '../prospects/service';
import { prospectListParts } from '../prospects/list-order';

type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign row with its owner's name (null when the campaign has no owner any more). */
interface CampaignWithOwner {
  row: CampaignRow;
  ownerName: string | null;
  clientName: string | null;
}

/**
 * Campaign rows with their owner's name (selectCampaigns(db).where(…)): every query that answers a
 * Campaign reads through it and withCollaborators, so each answer carries its `owner` and `collaborators`.
 */
function selectCampaigns(db: Db) {
  return db
    .select({ row: campaigns, ownerName: users.name, clientName: clients.name })
    .from(campaigns)
    .leftJoin(users, eq(users.id, campaigns.ownerId))
    .leftJoin(clients, eq(clients.id, campaigns.clientId))
    .$dynamic();
}

/**
 * The campaigns `rows` (a selectCampaigns query) reads, each with its collaborators ordered by name:
 * one more query for all of them, none per row.
 */
async function withCollaborators(db: Db, rows: PromiseLike<CampaignWithOwner[]>): Promise<Campaign[]> {
  const found = await rows;
  if (found.length === 0) return [];
  const people = await db
    .select({ campaignId: campaignCollaborators.campaignId, id: users.id, name: users.name })
    .from(campaignCollaborators)
    .innerJoin(users, eq(users.id, campaignCollaborators.userId))
    .where(
      inArray(
        campaignCollaborators.campaignId,
        found.map((f) => f.row.id),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  const byCampaign = new Map<string, Campaign['collaborators']>();
  for (const { campaignId, id, name } of people) {
    const list = byCampaign.get(campaignId) ?? [];
    list.push({ id, name });
    byCampaign.set(campaignId, list);
  }
  return found.map((f) => toCampaign(f, byCampaign.get(f.row.id) ?? []));
}

function toCampaign(
  { row, ownerName, clientName }: CampaignWithOwner,
  collaborators: Campaign['collaborators'],
): Campaign {
  return {
    id: row.id,
    name: row.name,
    websiteUrl: row.websiteUrl,
    status: row.status,
    type: row.type,
    competitors: row.competitors,
    internalLinks: row.internalLinks,
    emailAccountId: row.emailAccountId,
    clientId: row.clientId,
    clientName: row.clientId ? clientName : null,
    targetProspects: row.targetProspects,
    prospects: row.prospects,
    prospectsFound: row.prospectsFound,
    emailsSent: row.emailsSent,
    emailsOpened: row.emailsOpened,
    emailsClicked: row.emailsClicked,
    responses: row.responses,
    successCount: row.successCount,
    progressPercentage: row.progressPercentage,
    owner: row.ownerId !== null && ownerName !== null ? { id: row.ownerId, name: ownerName } : null,
    collaborators,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const owned = (workspaceId: string, id: string) =>
  and(eq(campaigns.id, id), eq(campaigns.workspaceId, workspaceId));
const notFound = () => AppError.notFound(campaignMessages.notFound);

/**
 * One campaign of the workspace as the API presents it, owner included.
 * @throws AppError NOT_FOUND (404) when it does not exist or belongs to another workspace.
 */
async function findCampaign(db: Db, workspaceId: string, id: string): Promise<Campaign> {
  const [found] = await withCollaborators(db, selectCampaigns(db).where(owned(workspaceId, id)));
  if (!found) throw notFound();
  return found;
}

/**
 * The workspace's campaigns, newest first (docs/product.md#api), filtered by status and by owner (`me`: those
 * `viewer.userId` owns or collaborates on), searched by name or website URL (docs/product.md#dashboard, case-insensitive
 * substring), one page at a time.
 */
export async function listCampaigns(
  db: Database,
  viewer: Pick<Actor, 'workspaceId' | 'userId'>,
  query: z.output<typeof campaignListQuerySchema>,
): Promise<CampaignPage> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    eq(campaigns.workspaceId, viewer.workspaceId),
    query.status === 'all' ? undefined : eq(campaigns.status, query.status),
    query.owner === 'me'
      ? or(
          eq(campaigns.ownerId, viewer.userId),
          inArray(
            campaigns.id,
            db
              .select({ id: campaignCollaborators.campaignId })
              .from(campaignCollaborators)
              .where(eq(campaignCollaborators.userId, viewer.userId)),
          ),
        )
      : undefined,
    pattern ? or(ilike(campaigns.name, pattern), ilike(campaigns.websiteUrl, pattern)) : undefined,
    query.clientId === 'none'
      ? isNull(campaigns.clientId)
      : query.clientId
        ? eq(campaigns.clientId, query.clientId)
        : undefined,
  );
  return listPage(
    withCollaborators(
      db,
      selectCampaigns(db)
        .where(where)
        .orderBy(orderByIndexed(campaigns.createdAt, query.order), asc(campaigns.id))
        .limit(query.pageSize)
        .offset(pageOffset(query.page, query.pageSize)),
    ),
    countWhere(db, campaigns, where),
    query,
    (campaign) => campaign,
  );
}

/** The user's campaigns as select options, ordered by name (docs/product.md#api). */
export async function listCampaignOptions(db: Database, workspaceId: string): Promise<CampaignOption[]> {
  return db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.workspaceId, workspaceId))
    .orderBy(asc(campaigns.name), asc(campaigns.id));
}

/**
 * One campaign with its prospects counted by status and its Campaign Progress (enrolled prospects
 * whose sequence has ended, see src/shared/campaign-progress.ts), for the detail page.
 * @throws AppError NOT_FOUND (404) when it does not exist or belongs to someone else.
 */
export async function getCampaignDetail(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<CampaignDetail> {
  const campaign = await findCampaign(db, workspaceId, id);
  const [counts, [enrollment]] = await Promise.all([
    db
      .select({ status: prospects.status, count: sql<number>`count(*)::int` })
      .from(prospects)
      .where(eq(prospects.campaignId, id))
      .groupBy(prospects.status),
    db
      .select({
        enrolled: sql<number>`count(*)::int`,
        ended: sql<number>`(count(*) filter (where ${inArray(enrollments.status, [...endedEnrollmentStatuses])}))::int`,
      })
      .from(enrollments)
      .where(and(eq(enrollments.campaignId, id), eq(enrollments.workspaceId, workspaceId))),
  ]);
  const prospectCounts: Record<ProspectStatus, number> = {
    pending: 0,
    sent: 0,
    responded: 0,
    success: 0,
    failed: 0,
  };
  for (const c of counts) prospectCounts[c.status] = c.count;
  return {
    ...campaign,
    prospectCounts,
    campaignProgress: campaignProgress(enrollment?.enrolled ?? 0, enrollment?.ended ?? 0),
  };
}

/**
 * Creates a campaign as draft (docs/product.md#states, docs/product.md#limits): target_prospects is the number given (ai) or the number
 * of CSV rows (manual); a manual campaign's prospects are inserted in the same transaction.
 * @throws AppError NOT_FOUND when the chosen mailbox is not the user's.
 */
export async function createCampaign(db: Database, actor: Actor, input: CreateCampaign): Promise<Campaign> {
  const { workspaceId } = actor;
  if (input.type === 'ai' && input.emailAccountId)
    await assertEmailAccountOwned(db, workspaceId, input.emailAccountId);
  await assertClientOfWorkspace(db, workspaceId, input.clientId);
  return db.transaction(async (tx) => {
    const rowCount = input.type === 'manual' ? input.prospects.length : 0;
    const [row] = await tx
      .insert(campaigns)
      .values({
        workspaceId,
        ownerId: actor.userId,
        name: input.name,
        clientId: input.clientId,
        websiteUrl: input.websiteUrl,
        competitors: input.competitors,
        type: input.type,
        status: 'draft',
        emailAccountId: input.type === 'ai' ? input.emailAccountId : null,
        targetProspects: input.type === 'ai' ? input.prospects : rowCount,
        prospects: rowCount,
        prospectsFound: rowCount,
      })
      .returning();
    if (row!.emailAccountId) {
      // The chosen mailbox starts the campaign's rotation (see modules/campaign-outreach/campaign-settings.ts).
      await tx
        .insert(campaignEmailAccounts)
        .values({ campaignId: row!.id, workspaceId, emailAccountId: row!.emailAccountId, position: 0 });
    }
    if (input.type === 'manual')
      await insertProspects(tx, { campaignId: row!.id, workspaceId }, input.prospects, new Date());
    await emit(tx, {
      type: 'campaign.created',
      workspaceId,
      actor,
      payload: {
        campaignId: row!.id,
        name: row!.name,
        websiteUrl: row!.websiteUrl,
        type: row!.type,
        status: row!.status,
      },
    });
    return findCampaign(tx, workspaceId, row!.id);
  });
}

/**
 * Saves a campaign's competitor list, its client (its placements that had the old client follow it:
 * docs/decisions/034-clients-and-placements.md) and/or moves its status along the allowed transitions.
 * @throws AppError NOT_FOUND for another user's campaign, CONFLICT for a status move the rules refuse,
 *   VALIDATION_ERROR on `clientId` for another workspace's client.
 */
export async function updateCampaign(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>,
  id: string,
  input: z.output<typeof updateCampaignSchema>,
): Promise<Campaign> {
  const { workspaceId } = actor;
  const current = await findOwnedCampaign(db, workspaceId, id);
  if (input.status && input.status !== current.status && !canChangeStatus(current.status, input.status)) {
    throw new AppError('CONFLICT', statusChangeRefusal(current.status, input.status));
  }
  if (input.clientId !== undefined) await assertClientOfWorkspace(db, workspaceId, input.clientId);
  return db.transaction(async (tx) => {
    // The status guard (moveCampaignStatus) repeats the check atomically, so two racing moves cannot both apply.
    const moved = await moveCampaignStatus(tx, {
      workspaceId,
      campaignId: id,
      from: current.status,
      to: input.status ?? current.status,
      actor,
    });
    if (!moved) throw new AppError('CONFLICT', campaignMessages.statusChangeFailed);
    const changed = [
      ...(input.competitors ? ['competitors'] : []),
      ...(input.clientId !== undefined && input.clientId !== current.clientId ? ['client'] : []),
    ];
    if (changed.length) {
      await tx
        .update(campaigns)
        .set({
          ...(input.competitors ? { competitors: input.competitors } : {}),
          ...(input.clientId !== undefined ? { clientId: input.clientId } : {}),
        })
        .where(owned(workspaceId, id));
      await emit(tx, {
        type: 'campaign.updated',
        workspaceId,
        actor,
        payload: { campaignId: id, name: moved.name, changed },
      });
    }
    if (changed.includes('client')) {
      // The campaign's placements that had its old client follow it to the new one (decision 034).
      await tx
        .update(placements)
        .set({ clientId: input.clientId })
        .where(
          and(
            eq(placements.campaignId, id),
            current.clientId === null
              ? isNull(placements.clientId)
              : eq(placements.clientId, current.clientId),
          ),
        );
      await emit(tx, {
        type: 'placements.reassigned',
        workspaceId,
        payload: { campaignId: id, clientId: input.clientId ?? null },
      });
    }
    return findCampaign(tx, workspaceId, id);
  });
}

/**
 * Replaces a campaign's collaborators (docs/product.md#roles): any member may, each must be a member of
 * the campaign's workspace, and the owner is dropped (they are not stored as a collaborator). The
 * campaign row is locked so that two saves apply one after the other.
 * @throws AppError NOT_FOUND for another workspace's campaign, VALIDATION_ERROR (`userIds`) for a non-member.
 */
export async function setCampaignCollaborators(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>,
  id: string,
  input: z.output<typeof campaignCollaboratorsSchema>,
): Promise<Campaign> {
  const { workspaceId } = actor;
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({ ownerId: campaigns.ownerId, name: campaigns.name })
      .from(campaigns)
      .where(owned(workspaceId, id))
      .for('update');
    if (!campaign) throw notFound();
    const userIds = input.userIds.filter((userId) => userId !== campaign.ownerId);
    const members =
      userIds.length === 0
        ? []
        : await tx
            .select({ name: users.name })
            .from(workspaceMembers)
            .innerJoin(users, eq(users.id, workspaceMembers.userId))
            .where(
              and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, userIds)),
            )
            .orderBy(asc(users.name));
    if (members.length !== userIds.length)
      throw AppError.invalidField('userIds', campaignMessages.collaboratorsNotMembers);
    await tx.delete(campaignCollaborators).where(eq(campaignCollaborators.campaignId, id));
    if (userIds.length > 0)
      await tx
        .insert(campaignCollaborators)
        .values(userIds.map((userId) => ({ campaignId: id, userId, workspaceId })));
    await emit(tx, {
      type: 'campaign.collaborators_changed',
      workspaceId,
      actor,
      payload: { campaignId: id, name: campaign.name, collaborators: members.map((m) => m.name) },
    });
    return findCampaign(tx, workspaceId, id);
  });
}

/**
 * Deletes a campaign; its prospects, live links, enrollments and their queued messages go with it
 * (foreign keys cascade), so nothing of it is sent afterwards. A member deletes only a campaign
 * they own; Full Access deletes any (docs/product.md#roles).
 * @throws AppError NOT_FOUND for another workspace's campaign, FORBIDDEN for a member's refusal.
 */
export async function deleteCampaign(db: Database, actor: Actor, id: string): Promise<void> {
  const campaign = await findOwnedCampaign(db, actor.workspaceId, id);
  if (!mayDeleteCampaign(actor.role, actor.userId, campaign.ownerId))
    throw AppError.forbidden(workspaceMessages.deleteCampaign);
  await db.transaction(async (tx) => {
    await emit(tx, {
      type: 'campaign.deleted',
      workspaceId: actor.workspaceId,
      actor,
      payload: { campaignId: id, name: campaign.name },
    });
    const deleted = await tx
      .delete(campaigns)
      .where(owned(actor.workspaceId, id))
      .returning({ id: campaigns.id });
    if (deleted.length === 0) throw notFound();
  });
}

/**
 * One page of a campaign's prospects, newest first by default, sortable by date or by DA score (unscored
 * last; equal scores newest first, so a CSV keeps its file's order), with the campaign's number of
 * prospects, in one statement (pageAndTotal) that also checks the owner.
 * @throws AppError NOT_FOUND when the campaign is not the user's.
 */
export async function listCampaignProspects(
  db: Database,
  workspaceId: string,
  campaignId: string,
  query: z.output<typeof prospectListQuerySchema>,
): Promise<ProspectPage> {
  // A custom field filter (docs/decisions/044-custom-fields.md); its key and value are parameters.
  const fieldFilter = customFieldFilter({
    field: query.field,
    op: query.op,
    key: sql.placeholder('fieldKey'),
    value: sql.placeholder('fieldValue'),
  });
  const { rows, total, found } = await pageAndTotal<RawProspect>(db, {
    shape: `campaign-prospects:${query.sort}:${query.order}:${query.metric ?? ''}:${query.field ? query.op : ''}`,
    build: () => {
      const user = sql.placeholder('workspaceId');
      const campaign = sql.placeholder('campaignId');
      // A metric sort or filter (DR ≥ 30) joins the workspace's values of that metric.
      const parts = prospectListParts(db, user, query, sql.placeholder('min'));
      return {
        page: parts
          .join(db.select(prospectColumns).from(prospects).$dynamic())
          .where(and(eq(prospects.campaignId, campaign), eq(prospects.workspaceId, user), fieldFilter))
          .orderBy(parts.inner, desc(prospects.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
        // By campaign alone: the composite foreign key (campaign_id, workspace_id) makes every prospect of
        // the campaign its owner's, `found` refuses another user's campaign, and the count is then an
        // index-only scan (with workspace_id it read every prospect's heap page: ~2,000 per page request).
        counted: parts
          .joinFilter(
            db
              .select({ one: sql`1` })
              .from(prospects)
              .$dynamic(),
          )
          .where(and(eq(prospects.campaignId, campaign), fieldFilter)),
        order: sql`${parts.outer}, page.id desc`,
        found: sql`exists (select 1 from ${campaigns} where ${and(eq(campaigns.id, campaign), eq(campaigns.workspaceId, user))})`,
      };
    },
    values: {
      workspaceId,
      campaignId,
      limit: query.pageSize,
      offset: pageOffset(query.page, query.pageSize),
      ...(query.metric ? { min: query.min ?? 0 } : {}),
      ...(query.field ? { fieldKey: query.field, fieldValue: query.value } : {}),
    },
  });
  if (!found) throw notFound();
  return pageOf(rows.map(toProspectFromRaw), total, query);
}
