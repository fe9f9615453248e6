import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { campaignMessages, MAX_MANUAL_PROSPECTS } from '../../../shared/schemas/campaigns';
import type { AddProspectsResult, addProspectsSchema } from '../../../shared/schemas/prospect-import';
import type { prospectInputSchema } from '../../../shared/schemas/campaigns';
import { emit } from '../../events/emit';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { prospects } from '../../db/schema/prospects';
import { AppError } from '../../http/errors';
import { recountProspectCounters } from '../../campaigns/counters';
import { mergeCustomValues } from '../../../shared/custom-field-values';
import { checkedCustomValueRows } from '../custom-fields/values';

/**
 * Rows per insert statement. Drizzle's time to build a statement grows faster than its rows (on the
 * bench machine about 15 ms for 250 rows, 140 ms for 1,000), and that time holds the event loop, so
 * an import batch goes in as several small statements (figures: bench/README.md, "Import stall").
 */
const INSERT_CHUNK = 200;

/**
 * Inserts checked prospects as pending, keeping the file's order in "newest first" lists: each row is
 * one millisecond older than the one before it, the first at `newest`. Each statement's round trip
 * to the server lets the event loop answer other requests.
 * @throws AppError VALIDATION_ERROR for a custom value of no field or of the wrong type
 *   (`prospects.<index>.customFields.<key>`).
 */
export async function insertProspects(
  db: Database,
  owner: { campaignId: string; workspaceId: string },
  rows: readonly z.output<typeof prospectInputSchema>[],
  newest: Date,
): Promise<void> {
  const base = newest.getTime();
  // Custom values are checked against the workspace's fields, each refusal named by its row.
  const custom = await checkedCustomValueRows(
    db,
    owner.workspaceId,
    rows.map((p) => p.customFields),
    (index, key) => `prospects.${index}.customFields.${key}`,
  );
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.insert(prospects).values(
      rows.slice(i, i + INSERT_CHUNK).map((p, j) => ({
        ...owner,
        ...p,
        customFields: mergeCustomValues({}, custom[i + j]!),
        status: 'pending' as const,
        createdAt: new Date(base - i - j),
      })),
    );
  }
}

/**
 * Adds the next rows of a CSV import to one of the user's campaigns, after the rows already there
 * (older, so lists keep the file's order), and recounts it; a manual campaign's target grows with them
 * (its target is the number of prospects listed; docs/decisions/017-csv-import-and-export.md).
 * @throws AppError NOT_FOUND for another user's campaign, VALIDATION_ERROR when the campaign would pass
 *   MAX_MANUAL_PROSPECTS.
 */
export async function addProspects(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId'>,
  campaignId: string,
  { prospects: rows }: z.output<typeof addProspectsSchema>,
): Promise<AddProspectsResult> {
  const { workspaceId } = actor;
  return db.transaction(async (tx) => {
    // The row lock makes concurrent batches of one campaign queue up, so the limit holds.
    const [campaign] = await tx
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.workspaceId, workspaceId)))
      .for('update');
    if (!campaign) throw AppError.notFound(campaignMessages.notFound);
    const [existing] = await tx
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${prospects.createdAt})` })
      .from(prospects)
      .where(eq(prospects.campaignId, campaignId));
    if (existing!.count + rows.length > MAX_MANUAL_PROSPECTS)
      throw new AppError('VALIDATION_ERROR', campaignMessages.tooManyRows);
    const newest = existing!.oldest ? new Date(new Date(existing!.oldest).getTime() - 1) : new Date();
    await insertProspects(tx, { campaignId, workspaceId }, rows, newest);
    // Also moves a manual campaign's target to the number of its prospects.
    await recountProspectCounters(tx, campaignId);
    await emit(tx, {
      type: 'prospects.imported',
      workspaceId,
      actor,
      payload: { campaignId, campaignName: campaign.name, count: rows.length },
    });
    return { added: rows.length, prospects: existing!.count + rows.length };
  });
}
