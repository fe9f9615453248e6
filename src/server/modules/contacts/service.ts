import { and, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { contactsCsvChunk } from '../../../shared/csv/contacts-csv';
import {
  CONTACTS_COUNT_CAP,
  type ContactFilters,
  type ContactPage,
  type DomainMemory,
  type contactListQuerySchema,
} from '../../../shared/schemas/prospects';
import { queryRows, queryRowsPrepared, type Database } from '../../db/client';
import { pageOf } from '../../db/list-page';
import { campaigns } from '../../db/schema/campaigns';
import { customFieldFilter } from '../prospects/custom-filter';
import { prospects } from '../../db/schema/prospects';
import { containsPattern, iso, isoText, orderByIndexed, pageOffset } from '../../db/sql-helpers';
import { domainMemoryOf, prospectDomain } from '../../outreach/domain-memory';
import { campaignOfClient } from '../../db/client-filter';
import { domainMetricsOf } from '../prospects/domain-metrics';
import { prospectListParts } from '../prospects/list-order';
import { prospectColumns, toProspectFromRaw, type RawProspect } from '../prospects/service';
import { sentVariantsOf } from './sent-variants';

/** Rows per query of the CSV export: memory stays flat whatever the number of contacts. */
export const EXPORT_BATCH_SIZE = 2000;

/**
 * WHERE of the contacts screen: the user's prospects, a case-insensitive substring of website,
 * contact email or contact name (one LIKE on the lower-cased `search_text` column, served by its
 * trigram index), a campaign, a status and a client (its campaigns', or `none`). A third-party
 * metric's minimum (DR ≥ 50) is a join (prospectListParts).
 */
function contactsWhere(workspaceId: Placeholder | string, filters: ContactFilters): SQL | undefined {
  const pattern = filters.search ? containsPattern(filters.search) : null;
  return and(
    eq(prospects.workspaceId, workspaceId),
    filters.campaignId ? eq(prospects.campaignId, filters.campaignId) : undefined,
    filters.status ? eq(prospects.status, filters.status) : undefined,
    pattern ? sql`${prospects.searchText} like lower(${pattern})` : undefined,
    filters.clientId ? campaignOfClient(prospects.campaignId, workspaceId, filters.clientId) : undefined,
    customFieldFilter(filters),
  );
}

/**
 * siteDomain (shared/url-normalize.ts) of the website of a prospect without a discovered domain, as
 * far as SQL can tell: lower-case host of a URL or the text itself, without a final dot and www.
 * It only picks which domain-memory row is joined; listContacts checks it against siteDomain and
 * looks the odd website whose URL parsing differs up separately.
 */
const memoryKeySql = sql`coalesce(${prospects.domain}, regexp_replace(regexp_replace(
  case when strpos(${prospects.website}, '/') > 0
    then lower(substring(${prospects.website} from '^[hH][tT][tT][pP][sS]?://(?:[^/?#@]*@)?([^/?#:]+)'))
    else lower(${prospects.website}) end,
  '\\.$', ''), '^www\\.', ''))`;

/** One row of the contacts statement: the capped total, then (all null on an empty page) a contact. */
interface ContactRow extends Omit<RawProspect, 'id'> {
  total: number;
  id: string | null;
  domain: string | null;
  memory_key: string | null;
  campaign_name: string | null;
  memory_domain: string | null;
  memory_last_contacted_at: string | Date | null;
  memory_campaign_id: string | null;
  memory_campaign_name: string | null;
  memory_outcome: DomainMemory['outcome'];
  memory_do_not_contact: boolean | null;
}

/**
 * The contacts statement (see listContacts) of `user`'s page of `limit` rows after `offset`: values,
 * or placeholders of a prepared statement.
 */
function contactsStatement(
  db: Database,
  user: Placeholder | string,
  query: z.output<typeof contactListQuerySchema>,
  limit: Placeholder | number,
  offset: Placeholder | number,
): SQL {
  const where = contactsWhere(user, query);
  // Newest first (the default) walks the (workspace_id, created_at, id) index in both directions;
  // any other sort orders the workspace's matching rows (prospectListParts), newest id first on ties.
  const byDate = query.sort === 'createdAt';
  const key = prospectListParts(db, user, query, query.min ?? 0);
  const order = byDate
    ? [key.inner, orderByIndexed(prospects.id, query.order)]
    : [key.inner, desc(prospects.id)];
  const outerOrder = byDate
    ? sql`${key.outer}, page.id ${query.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`}`
    : sql`${key.outer}, page.id desc`;
  const page = key
    .join(
      db
        .select({
          ...prospectColumns,
          domain: prospects.domain,
          memoryKey: sql<string | null>`${memoryKeySql}`.as('memory_key'),
        })
        .from(prospects)
        .$dynamic(),
    )
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const capped = key
    .joinFilter(
      db
        .select({ one: sql`1` })
        .from(prospects)
        .$dynamic(),
    )
    .where(where)
    .limit(CONTACTS_COUNT_CAP + 1);
  return sql`with page as ${page}, capped as (select count(*)::int as total from ${capped} as m)
      select capped.total, page.*,
        (select c.name from campaigns c where c.id = page.campaign_id) as campaign_name,
        d.domain as memory_domain, d.last_contacted_at as memory_last_contacted_at,
        d.campaign_id as memory_campaign_id, d.campaign_name as memory_campaign_name,
        d.outcome as memory_outcome, d.do_not_contact as memory_do_not_contact
      from capped
      left join page on true
      left join lateral (
        select d.domain, d.last_contacted_at, d.campaign_id, dc.name as campaign_name, d.outcome, d.do_not_contact
        from contacted_domains d left join campaigns dc on dc.id = d.campaign_id
        where d.workspace_id = ${user} and d.domain = page.memory_key
        limit 1
      ) d on true
      order by ${outerOrder}`;
}

/**
 * One page of the user's contacts with their campaign names and domain memory (docs/decisions/011-replies-history-and-domain-memory.md), in a
 * stable order (date, then id), in one statement (docs/decisions/008-contacts-at-scale.md). The page
 * (≤ pageSize rows, read through the (workspace_id, created_at, id) index) is a CTE whose rows look their
 * campaign name and domain memory up one by one (a subquery; a LATERAL … LIMIT 1, which the planner
 * cannot turn into a hash join over all of the user's memory), so no join runs over every matching
 * row. The total is counted up to CONTACTS_COUNT_CAP in a CTE of its own, which keeps broad searches
 * cheap and lets a page past the end still carry the total. Dates are ISO strings.
 */
export async function listContacts(
  db: Database,
  workspaceId: string,
  query: z.output<typeof contactListQuerySchema>,
): Promise<ContactPage> {
  const offset = pageOffset(query.page, query.pageSize);
  // Prepared only without filters: a generic plan cannot know how rare a search pattern, a status, a
  // campaign or a client is, and one made for a common value walks every row of the user for a rare one
  // (docs/decisions/008-contacts-at-scale.md).
  const rows =
    query.search || query.status || query.campaignId || query.clientId || query.metric || query.field
      ? await queryRows<ContactRow>(db, contactsStatement(db, workspaceId, query, query.pageSize, offset))
      : await queryRowsPrepared<ContactRow>(
          db,
          `contacts:${query.sort}:${query.order}`,
          () =>
            contactsStatement(
              db,
              sql.placeholder('workspaceId'),
              query,
              sql.placeholder('limit'),
              sql.placeholder('offset'),
            ),
          { workspaceId, limit: query.pageSize, offset },
        );
  const total = rows[0]?.total ?? 0;
  const found = rows.filter((r): r is ContactRow & { id: string } => r.id !== null);
  const domains = found.map((r) => prospectDomain({ domain: r.domain, website: r.website }));
  // Websites whose domain SQL read differently from siteDomain (rare URL forms) are looked up here.
  const unmatched = domains.filter((domain, i) => domain !== found[i]!.memory_key);
  const extra = unmatched.length > 0 ? await domainMemoryOf(db, workspaceId, unmatched) : null;
  // Object.assign, not `{ ...prospect, campaignName, … }`: Node 20's V8 builds a spread followed by
  // new keys on a slow path (~3.6 µs for these 17 keys, against ~0.1 µs), a tenth of the page's CPU.
  const items = found.map((r, i) => {
    const domain = domains[i]!;
    return Object.assign(toProspectFromRaw(r), {
      campaignName: r.campaign_name ?? '',
      domain,
      domainMemory: extra && domain !== r.memory_key ? (extra.get(domain) ?? null) : memoryOf(r),
    });
  });
  const totalIsCapped = total > CONTACTS_COUNT_CAP;
  // Past the cap the count no longer tells whether rows remain: a full page gets a next cursor, and
  // the walk ends at the first page that is not full.
  const hasNext = query.page * query.pageSize < total || (totalIsCapped && found.length === query.pageSize);
  return {
    ...pageOf(items, Math.min(total, CONTACTS_COUNT_CAP), query, hasNext),
    totalIsCapped,
  };
}

/** The joined domain memory of a row of the contacts statement (null when the domain has none). */
function memoryOf(r: ContactRow): DomainMemory | null {
  if (r.memory_domain === null) return null;
  return {
    domain: r.memory_domain,
    lastContactedAt: isoText(r.memory_last_contacted_at),
    campaignId: r.memory_campaign_id,
    campaignName: r.memory_campaign_name,
    outcome: r.memory_outcome,
    doNotContact: r.memory_do_not_contact ?? false,
  };
}

interface ExportCursor {
  /** created_at as PostgreSQL's own text: a JS Date would drop its microseconds and skip rows. */
  createdAt: string;
  id: string;
}

/** One keyset batch of the export, newest first, after the cursor. */
function readExportBatch(
  db: Database,
  workspaceId: string,
  filters: ContactFilters,
  after: ExportCursor | null,
) {
  const { joinFilter } = prospectListParts(
    db,
    workspaceId,
    { ...filters, sort: 'createdAt' },
    filters.min ?? 0,
  );
  return joinFilter(
    db
      .select({
        id: prospects.id,
        cursorAt: sql<string>`${prospects.createdAt}::text`,
        website: prospects.website,
        contactEmail: prospects.contactEmail,
        contactName: prospects.contactName,
        campaignName: campaigns.name,
        status: prospects.status,
        daScore: prospects.daScore,
        relevanceScore: prospects.relevanceScore,
        metrics: domainMetricsOf(prospects),
        lastContacted: prospects.lastContacted,
        notes: prospects.notes,
      })
      .from(prospects)
      .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
      .$dynamic(),
  )
    .where(
      and(
        contactsWhere(workspaceId, filters),
        after
          ? sql`(${prospects.createdAt}, ${prospects.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(orderByIndexed(prospects.createdAt, 'desc'), orderByIndexed(prospects.id, 'desc'))
    .limit(EXPORT_BATCH_SIZE);
}

/**
 * The user's contacts matching the filters as CSV text chunks (docs/product.md#limits: its columns, header first), newest
 * first, with the variant each step sent them (decision 045). Reads keyset batches of EXPORT_BATCH_SIZE by (created_at, id), so only one batch is in memory.
 */
export async function* exportContactsCsv(
  db: Database,
  workspaceId: string,
  filters: ContactFilters,
): AsyncGenerator<string> {
  yield contactsCsvChunk([], true);
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await readExportBatch(db, workspaceId, filters, after);
    if (rows.length === 0) return;
    const variants = await sentVariantsOf(
      db,
      workspaceId,
      rows.map((r) => r.id),
    );
    yield contactsCsvChunk(
      rows.map(({ id, cursorAt: _at, lastContacted, metrics, ...row }) => ({
        ...row,
        metrics: metrics ?? {},
        lastContacted: iso(lastContacted),
        stepVariants: variants.get(id) ?? [],
      })),
      false,
    );
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}
