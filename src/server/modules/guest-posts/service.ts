import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { checkInternalLinks, postTitle } from '../../../shared/guest-post-text';
import {
  guestPostMessages,
  type GuestPost,
  type GuestPostCampaign,
  type GuestPostPage,
  type GuestPostRequest,
  type guestPostListQuerySchema,
} from '../../../shared/schemas/guest-posts';
import { siteDomain } from '../../../shared/url-normalize';
import type { AiWriter } from '../../ai/writer';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { guestPosts } from '../../db/schema/ai';
import { campaigns } from '../../db/schema/campaigns';
import { CrawlStore } from '../../discovery/crawl-store';
import { iso, orderByIndexed, pageOffset } from '../../db/sql-helpers';
import { countWhere, listPage } from '../../db/list-page';
import { AppError } from '../../http/errors';
import { findOwnedCampaign } from '../../campaigns/find';
import { guestPostPrompt, siteFactsFrom } from './prompt';

/** A saved post longer than this is cut: 2,000 words of markup stay far below it. */
const MAX_CONTENT_CHARS = 60_000;

const columns = {
  id: guestPosts.id,
  campaignId: guestPosts.campaignId,
  campaignName: campaigns.name,
  yourWebsite: guestPosts.yourWebsite,
  targetWebsite: guestPosts.targetWebsite,
  topic: guestPosts.topic,
  wordCount: guestPosts.wordCount,
  internalLinks: guestPosts.internalLinks,
  title: guestPosts.title,
  createdAt: guestPosts.createdAt,
};

/** The user's campaigns for the generator's select, newest first (docs/product.md#api: id, name, websiteUrl, internal_links). */
export async function listGuestPostCampaigns(
  db: Database,
  workspaceId: string,
): Promise<GuestPostCampaign[]> {
  return db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      websiteUrl: campaigns.websiteUrl,
      internalLinks: campaigns.internalLinks,
    })
    .from(campaigns)
    .where(eq(campaigns.workspaceId, workspaceId))
    .orderBy(desc(campaigns.createdAt));
}

/**
 * Replaces a campaign's internal links (docs/product.md#guest-posts).
 * @throws AppError NOT_FOUND when the campaign is not the user's.
 */
export async function saveInternalLinks(
  db: Database,
  workspaceId: string,
  campaignId: string,
  internalLinks: string[],
): Promise<GuestPostCampaign> {
  const [row] = await db
    .update(campaigns)
    .set({ internalLinks })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.workspaceId, workspaceId)))
    .returning({
      id: campaigns.id,
      name: campaigns.name,
      websiteUrl: campaigns.websiteUrl,
      internalLinks: campaigns.internalLinks,
    });
  if (!row) throw AppError.notFound();
  return row;
}

/** A started generation of a guest post. */
export interface Generation {
  /**
   * Reads the model's text to its end, handing each piece to `onText` as it comes, then saves the
   * post (trimmed, at most MAX_CONTENT_CHARS) and returns it.
   * @throws AiCallError when the model fails midway, AiUnusableAnswerError when it wrote no text even
   *   asked twice; nothing is saved then.
   */
  write(onText: (text: string) => void): Promise<GuestPost>;
}

/**
 * Starts writing a guest post for one of the user's campaigns: the prompt carries the target site's
 * facts when its pages are in the crawl store. Nothing is saved until `write` has the whole text.
 * @throws AppError NOT_FOUND (another user's campaign), AI_NOT_CONFIGURED, RATE_LIMITED, before any text.
 */
export async function startGuestPost(
  db: Database,
  writer: AiWriter,
  actor: Actor,
  request: GuestPostRequest,
  signal: AbortSignal,
): Promise<Generation> {
  const { workspaceId } = actor;
  const campaign = await findOwnedCampaign(db, workspaceId, request.campaignId);
  const pages = await new CrawlStore(db).sitePages(siteDomain(request.targetWebsite));
  const text = await writer.stream(actor, guestPostPrompt(request, siteFactsFrom(pages)), signal);
  return {
    async write(onText) {
      let content = '';
      for await (const piece of text) {
        content += piece;
        onText(piece);
      }
      const markup = content.trim().slice(0, MAX_CONTENT_CHARS);
      const [row] = await db
        .insert(guestPosts)
        .values({
          campaignId: campaign.id,
          workspaceId,
          yourWebsite: request.yourWebsite,
          targetWebsite: request.targetWebsite,
          topic: request.topic,
          wordCount: request.wordCount,
          internalLinks: request.internalLinks,
          content: markup,
          title: postTitle(markup),
        })
        .returning();
      return toGuestPost({ ...row!, campaignName: campaign.name });
    },
  };
}

function toGuestPost(row: typeof guestPosts.$inferSelect & { campaignName: string }): GuestPost {
  return {
    id: row.id,
    campaignId: row.campaignId,
    campaignName: row.campaignName,
    yourWebsite: row.yourWebsite,
    targetWebsite: row.targetWebsite,
    topic: row.topic,
    wordCount: row.wordCount,
    internalLinks: row.internalLinks,
    title: row.title,
    content: row.content,
    linkChecks: checkInternalLinks(row.content, row.internalLinks),
    createdAt: iso(row.createdAt),
  };
}

/** One page of the user's saved guest posts, newest first, optionally of one campaign. */
export async function listGuestPosts(
  db: Database,
  workspaceId: string,
  query: z.output<typeof guestPostListQuerySchema>,
): Promise<GuestPostPage> {
  const where = and(
    eq(guestPosts.workspaceId, workspaceId),
    query.campaignId ? eq(guestPosts.campaignId, query.campaignId) : undefined,
  );
  return listPage(
    db
      .select(columns)
      .from(guestPosts)
      .innerJoin(campaigns, eq(campaigns.id, guestPosts.campaignId))
      .where(where)
      .orderBy(orderByIndexed(guestPosts.createdAt, query.order), desc(guestPosts.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    countWhere(db, guestPosts, where),
    query,
    (r) => ({ ...r, createdAt: iso(r.createdAt) }),
  );
}

/**
 * One of the user's saved guest posts, with its link check.
 * @throws AppError NOT_FOUND when it does not exist or is someone else's.
 */
export async function getGuestPost(db: Database, workspaceId: string, id: string): Promise<GuestPost> {
  const [row] = await db
    .select({ post: guestPosts, campaignName: campaigns.name })
    .from(guestPosts)
    .innerJoin(campaigns, eq(campaigns.id, guestPosts.campaignId))
    .where(and(eq(guestPosts.id, id), eq(guestPosts.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound(guestPostMessages.notFound);
  return toGuestPost({ ...row.post, campaignName: row.campaignName });
}

/**
 * Deletes one of the user's saved guest posts.
 * @throws AppError NOT_FOUND when it does not exist or is someone else's.
 */
export async function deleteGuestPost(db: Database, workspaceId: string, id: string): Promise<void> {
  const rows = await db
    .delete(guestPosts)
    .where(and(eq(guestPosts.id, id), eq(guestPosts.workspaceId, workspaceId)))
    .returning({ id: guestPosts.id });
  if (!rows.length) throw AppError.notFound(guestPostMessages.notFound);
}
