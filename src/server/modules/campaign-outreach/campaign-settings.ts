import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  outreachMessages as m,
  type CampaignOutreach,
  type campaignOutreachInputSchema,
  type OutreachProgress,
} from '../../../shared/schemas/outreach';
import { queryRows, type Database, type Db } from '../../db/client';
import { campaignEmailAccounts, campaigns } from '../../db/schema/campaigns';
import { emailAccounts } from '../../db/schema/mailboxes';
import { emailSequences } from '../../db/schema/sequences';
import type { Actor } from '../../auth/workspaces';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import { findOwnedCampaign } from '../../campaigns/find';

type CampaignOutreachInput = z.output<typeof campaignOutreachInputSchema>;

/** The campaign's mailboxes in rotation order (ids). */
export async function campaignMailboxIds(db: Database, campaignId: string): Promise<string[]> {
  const rows = await db
    .select({ id: campaignEmailAccounts.emailAccountId })
    .from(campaignEmailAccounts)
    .where(eq(campaignEmailAccounts.campaignId, campaignId))
    .orderBy(asc(campaignEmailAccounts.position));
  return rows.map((r) => r.id);
}

/**
 * Replaces a campaign's mailboxes (in rotation order) and mirrors the first one into
 * campaigns.email_account_id. The caller has checked that the mailboxes are the owner's.
 */
export async function setCampaignMailboxes(
  db: Db,
  workspaceId: string,
  campaignId: string,
  emailAccountIds: readonly string[],
): Promise<void> {
  await db.delete(campaignEmailAccounts).where(eq(campaignEmailAccounts.campaignId, campaignId));
  if (emailAccountIds.length > 0) {
    await db.insert(campaignEmailAccounts).values(
      emailAccountIds.map((emailAccountId, position) => ({
        campaignId,
        workspaceId,
        emailAccountId,
        position,
      })),
    );
  }
  await db
    .update(campaigns)
    .set({ emailAccountId: emailAccountIds[0] ?? null })
    .where(eq(campaigns.id, campaignId));
}

/** Enrollments and messages of a campaign counted by state; due steps count as queued. */
async function outreachProgress(db: Database, campaignId: string): Promise<OutreachProgress> {
  const [row] = await queryRows<OutreachProgress>(
    db,
    sql`select
          (select count(*) from enrollments where campaign_id = ${campaignId})::int as enrolled,
          (count(*) filter (where status in ('queued', 'sending'))
            + (select count(*) from enrollments where campaign_id = ${campaignId}
                 and status = 'active' and next_step_at <= now()))::int as queued,
          count(*) filter (where status = 'sent')::int as sent,
          count(*) filter (where status = 'flagged')::int as flagged,
          count(*) filter (where status = 'failed')::int as failed
        from outreach_messages where campaign_id = ${campaignId}`,
  );
  return row ?? { enrolled: 0, queued: 0, sent: 0, flagged: 0, failed: 0 };
}

/**
 * A campaign's outreach settings and progress.
 * @throws AppError NOT_FOUND for another user's campaign.
 */
export async function getCampaignOutreach(
  db: Database,
  workspaceId: string,
  campaignId: string,
): Promise<CampaignOutreach> {
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const [emailAccountIds, progress] = await Promise.all([
    campaignMailboxIds(db, campaignId),
    outreachProgress(db, campaignId),
  ]);
  return {
    emailAccountIds,
    sequenceId: campaign.sequenceId,
    trackOpens: campaign.trackOpens,
    trackClicks: campaign.trackClicks,
    progress,
  };
}

/**
 * Saves a campaign's mailboxes, sequence and tracking choices. Enrollments made earlier keep the
 * mailbox and sequence they were given; the new ones apply to prospects enrolled from now on.
 * @throws AppError NOT_FOUND for another user's campaign, mailbox or sequence.
 */
export async function updateCampaignOutreach(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>,
  campaignId: string,
  input: CampaignOutreachInput,
): Promise<CampaignOutreach> {
  const { workspaceId } = actor;
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const owned = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.workspaceId, workspaceId), inArray(emailAccounts.id, input.emailAccountIds)));
  if (owned.length !== input.emailAccountIds.length) throw AppError.notFound(m.mailboxNotFound);
  const [sequence] = await db
    .select({ id: emailSequences.id })
    .from(emailSequences)
    .where(and(eq(emailSequences.id, input.sequenceId), eq(emailSequences.workspaceId, workspaceId)));
  if (!sequence) throw AppError.notFound(m.sequenceNotFound);

  await db.transaction(async (tx) => {
    await setCampaignMailboxes(tx, workspaceId, campaignId, input.emailAccountIds);
    await tx
      .update(campaigns)
      .set({ sequenceId: input.sequenceId, trackOpens: input.trackOpens, trackClicks: input.trackClicks })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.workspaceId, workspaceId)));
    await emit(tx, {
      type: 'campaign.updated',
      workspaceId,
      actor,
      payload: { campaignId, name: campaign.name, changed: ['mailboxes', 'sequence', 'tracking'] },
    });
  });
  return getCampaignOutreach(db, workspaceId, campaignId);
}
