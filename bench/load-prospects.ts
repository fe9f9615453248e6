/**
 * Bulk data for the benchmarks: `campaigns` campaigns of one user and `prospects` prospects spread
 * over them, in two INSERT … SELECT generate_series statements, then ANALYZE.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/server/db/client';

/** Loads the rows for `userId`. @returns the id of the user's first campaign (by name) */
export async function loadProspects(
  db: Database,
  userId: string,
  { campaigns = 50, prospects = 100_000 } = {},
): Promise<string> {
  const perCampaign = Math.ceil(prospects / campaigns);
  await db.execute(sql`
    insert into campaigns (user_id, name, website_url, type, status, target_prospects)
    select ${userId}, 'Campaign ' || g, 'https://site-' || g || '.example', 'manual', 'active', ${perCampaign}
    from generate_series(1, ${campaigns}) g`);
  await db.execute(sql`
    with c as (select id, row_number() over (order by name) as n from campaigns where user_id = ${userId})
    insert into prospects (campaign_id, user_id, website, contact_email, contact_name, notes, status, da_score, relevance_score, last_contacted, created_at)
    select c.id, ${userId},
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
    sql`update campaigns set prospects = ${perCampaign}, prospects_found = ${perCampaign} where user_id = ${userId}`,
  );
  // Statistics now rather than whenever autovacuum next passes (PGlite runs none), so every run plans the same.
  await db.execute(sql`vacuum analyze`);
  const [campaign] = await queryRows<{ id: string }>(
    db,
    sql`select id from campaigns where user_id = ${userId} order by name limit 1`,
  );
  return campaign!.id;
}
