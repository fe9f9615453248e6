/**
 * Bulk data for the benchmarks: `campaigns` campaigns in one user's workspace and `prospects`
 * prospects spread over them, in two INSERT … SELECT generate_series statements, then ANALYZE.
 */
import { sql } from 'drizzle-orm';
import { createPersonalWorkspace } from '../src/server/auth/workspaces';
import { queryRows, type Database } from '../src/server/db/client';

/** Where the loaded rows live: the user's workspace and its first campaign (by name). */
export interface LoadedProspects {
  workspaceId: string;
  campaignId: string;
}

/**
 * Loads the rows into the first workspace of `userId` (a signed-up user has one; a user inserted
 * directly gets their personal workspace here), the campaigns owned by that user.
 */
export async function loadProspects(
  db: Database,
  userId: string,
  { campaigns = 50, prospects = 100_000 } = {},
): Promise<LoadedProspects> {
  const [membership] = await queryRows<{ workspaceId: string }>(
    db,
    sql`select workspace_id as "workspaceId" from workspace_members where user_id = ${userId} limit 1`,
  );
  const workspaceId = membership?.workspaceId ?? (await createPersonalWorkspace(db, { id: userId }));
  const perCampaign = Math.ceil(prospects / campaigns);
  await db.execute(sql`
    insert into campaigns (workspace_id, owner_id, name, website_url, type, status, target_prospects)
    select ${workspaceId}, ${userId}, 'Campaign ' || g, 'https://site-' || g || '.example', 'manual', 'active', ${perCampaign}
    from generate_series(1, ${campaigns}) g`);
  await db.execute(sql`
    with c as (select id, row_number() over (order by name) as n from campaigns where workspace_id = ${workspaceId})
    insert into prospects (campaign_id, workspace_id, website, contact_email, contact_name, notes, status, da_score, relevance_score, last_contacted, created_at)
    select c.id, ${workspaceId},
      'blog-' || g || '.example.com',
      'editor' || g || '@blog-' || g || '.example.com',
      (array['Ada Lovelace','Alan Turing','Grace Hopper','Edsger Dijkstra','Barbara Liskov','Donald Knuth','Frances Allen','Ken Thompson','Margaret Hamilton','John Backus'])[1 + g % 10] || ' ' || g,
      case when g % 7 = 0 then 'Wrote about "link building", met at conf' end,
      (array['pending','sent','responded','success','failed'])[1 + g % 5]::prospect_status,
      g % 100, (g % 1000) / 10.0,
      case when g % 5 = 1 then now() - (g || ' minutes')::interval end,
      now() - (g || ' seconds')::interval
    from generate_series(1, ${prospects}) g join c on c.n = 1 + g % ${campaigns}`);
  await db.execute(
    sql`update campaigns set prospects = ${perCampaign}, prospects_found = ${perCampaign} where workspace_id = ${workspaceId}`,
  );
  // Statistics now rather than whenever autovacuum next passes (PGlite runs none), so every run plans the same.
  await db.execute(sql`vacuum analyze`);
  const [campaign] = await queryRows<{ id: string }>(
    db,
    sql`select id from campaigns where workspace_id = ${workspaceId} order by name limit 1`,
  );
  return { workspaceId, campaignId: campaign!.id };
}
