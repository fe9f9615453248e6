import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FirstLinePage,
  ProspectFirstLine,
  firstLineListQuerySchema,
  updateFirstLineSchema,
} from '../../../shared/schemas/first-lines';
import type { AiWriter } from '../../ai/writer';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { prospectFirstLines } from '../../db/schema/ai';
import { campaigns } from '../../db/schema/campaigns';
import { prospects } from '../../db/schema/prospects';
import { CrawlStore } from '../../discovery/crawl-store';
import { iso, pageOffset } from '../../db/sql-helpers';
import { countWhere, listPage } from '../../db/list-page';
import { AppError } from '../../http/errors';
import { findOwnedCampaign } from '../../campaigns/find';
import { cleanFirstLine, firstLinePrompt } from './prompt';

/** Stored pages of any age serve a first line: what an article says rarely changes. */
const ANY_AGE_MS = 10 * 365 * 24 * 3600_000;

const columns = {
  prospectId: prospects.id,
  website: prospects.website,
  contactName: prospects.contactName,
  sourcePageUrl: prospects.sourcePageUrl,
  text: prospectFirstLines.text,
  status: prospectFirstLines.status,
  updatedAt: prospectFirstLines.updatedAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function toProspectFirstLine(row: Row): ProspectFirstLine {
  return {
    prospectId: row.prospectId!,
    website: row.website!,
    contactName: row.contactName,
    sourcePageUrl: row.sourcePageUrl,
    line:
      row.text !== null && row.status !== null && row.updatedAt !== null
        ? { text: row.text, status: row.status, updatedAt: iso(row.updatedAt) }
        : null,
  };
}

/**
 * A page of a campaign's prospects with their first lines, oldest prospect first (the order they are
 * contacted in), and the campaign's approval setting.
 * @throws AppError NOT_FOUND when the campaign is not the user's.
 */
export async function listFirstLines(
  db: Database,
  workspaceId: string,
  campaignId: string,
  query: z.output<typeof firstLineListQuerySchema>,
): Promise<FirstLinePage> {
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const where = and(eq(prospects.campaignId, campaign.id), eq(prospects.workspaceId, workspaceId));
  const page = await listPage(
    db
      .select(columns)
      .from(prospects)
      .leftJoin(prospectFirstLines, eq(prospectFirstLines.prospectId, prospects.id))
      .where(where)
      .orderBy(asc(prospects.createdAt), asc(prospects.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    countWhere(db, prospects, where),
    query,
    toProspectFirstLine,
  );
  return { ...page, requireApproval: campaign.requireFirstLineApproval };
}

/**
 * Sets whether a campaign's first lines need approval before they go out.
 * @throws AppError NOT_FOUND when the campaign is not the user's.
 */
export async function setFirstLineApproval(
  db: Database,
  workspaceId: string,
  campaignId: string,
  requireApproval: boolean,
): Promise<{ requireApproval: boolean }> {
  const [row] = await db
    .update(campaigns)
    .set({ requireFirstLineApproval: requireApproval })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.workspaceId, workspaceId)))
    .returning({ requireApproval: campaigns.requireFirstLineApproval });
  if (!row) throw AppError.notFound();
  return row;
}

async function ownedProspect(db: Database, workspaceId: string, prospectId: string) {
  const [row] = await db
    .select({ prospect: prospects, campaignWebsite: campaigns.websiteUrl })
    .from(prospects)
    .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
    .where(and(eq(prospects.id, prospectId), eq(prospects.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound();
  return row;
}

async function lineOf(db: Database, prospectId: string): Promise<ProspectFirstLine> {
  const [row] = await db
    .select(columns)
    .from(prospects)
    .leftJoin(prospectFirstLines, eq(prospectFirstLines.prospectId, prospects.id))
    .where(eq(prospects.id, prospectId));
  return toProspectFirstLine(row!);
}

/**
 * Drafts (or re-drafts) a prospect's first line from the page it was found on; a new draft always
 * needs approval again.
 * @throws AppError NOT_FOUND, AI_NOT_CONFIGURED, RATE_LIMITED; AiCallError when the model fails,
 *   AiUnusableAnswerError when neither its answer nor the stricter retry's holds a line.
 */
export async function draftFirstLine(
  db: Database,
  writer: AiWriter,
  actor: Actor,
  prospectId: string,
): Promise<ProspectFirstLine> {
  const { workspaceId } = actor;
  const { prospect, campaignWebsite } = await ownedProspect(db, workspaceId, prospectId);
  const stored = prospect.sourcePageUrl
    ? await new CrawlStore(db).freshPage(prospect.sourcePageUrl, ANY_AGE_MS)
    : null;
  const text = await writer.generate(
    actor,
    firstLinePrompt({
      website: prospect.website,
      contactName: prospect.contactName,
      campaignWebsite,
      sourcePage: stored?.ok
        ? {
            url: stored.extract.url,
            title: stored.extract.title,
            description: stored.extract.description,
            headings: stored.extract.headings,
          }
        : prospect.sourcePageUrl
          ? { url: prospect.sourcePageUrl, title: '', description: '', headings: [] }
          : null,
      sourceLink: prospect.sourceLinkUrl
        ? { url: prospect.sourceLinkUrl, anchorText: prospect.sourceAnchorText ?? '' }
        : null,
    }),
    (answer) => cleanFirstLine(answer) || null,
  );
  const values = { text, status: 'draft' as const, sourcePageUrl: prospect.sourcePageUrl };
  await db
    .insert(prospectFirstLines)
    .values({ prospectId, campaignId: prospect.campaignId, workspaceId, ...values })
    .onConflictDoUpdate({ target: prospectFirstLines.prospectId, set: { ...values, updatedAt: new Date() } });
  return lineOf(db, prospectId);
}

/**
 * Saves an edited first line and its approval.
 * @throws AppError NOT_FOUND when the prospect is not the user's or has no line yet.
 */
export async function updateFirstLine(
  db: Database,
  workspaceId: string,
  prospectId: string,
  input: z.output<typeof updateFirstLineSchema>,
): Promise<ProspectFirstLine> {
  const rows = await db
    .update(prospectFirstLines)
    .set({ text: input.text, status: input.approved ? 'approved' : 'draft' })
    .where(
      and(eq(prospectFirstLines.prospectId, prospectId), eq(prospectFirstLines.workspaceId, workspaceId)),
    )
    .returning({ prospectId: prospectFirstLines.prospectId });
  if (!rows.length) throw AppError.notFound();
  return lineOf(db, prospectId);
}

/**
 * Discards a prospect's first line: its messages go out with the plain template.
 * @throws AppError NOT_FOUND when the prospect is not the user's or has no line.
 */
export async function deleteFirstLine(db: Database, workspaceId: string, prospectId: string): Promise<void> {
  const rows = await db
    .delete(prospectFirstLines)
    .where(
      and(eq(prospectFirstLines.prospectId, prospectId), eq(prospectFirstLines.workspaceId, workspaceId)),
    )
    .returning({ prospectId: prospectFirstLines.prospectId });
  if (!rows.length) throw AppError.notFound();
}
