import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { contactsCsvChunk } from '../../../shared/csv/contacts-csv';
import {
  CONTACTS_COUNT_CAP,
  type ContactFilters,
  type ContactPage,
  type contactListQuerySchema,
} from '../../../shared/schemas/prospects';
import type { Database } from '../../db/client';
import { campaigns, prospects } from '../../db/schema/campaigns';
import { containsPattern, iso, orderByIndexed, orderByNullsLast, pageOffset } from '../../db/sql-helpers';
import { domainMemoryOf, prospectDomain } from '../../outreach/domain-memory';
import { toProspect } from '../prospects/service';

/** Rows per query of the CSV export: memory stays flat whatever the number of contacts. */
export const EXPORT_BATCH_SIZE = 2000;

/**
 * WHERE of the contacts screen (spec §5): the user's prospects, case-insensitive substring on website,
 * contact email or contact name (served by the trigram indexes), a campaign and a status.
 */
function contactsWhere(userId: string, filters: ContactFilters): SQL | undefined {
  const pattern = filters.search ? containsPattern(filters.search) : null;
  return and(
    eq(prospects.userId, userId),
    filters.campaignId ? eq(prospects.campaignId, filters.campaignId) : undefined,
    filters.status ? eq(prospects.status, filters.status) : undefined,
    pattern
      ? or(
          ilike(prospects.website, pattern),
          ilike(prospects.contactEmail, pattern),
          ilike(prospects.contactName, pattern),
        )
      : undefined,
  );
}

/**
 * One page of the user's contacts with their campaign names and domain memory (issue 7 §5), in a
 * stable order (date, then id). The page is read first and the names of its (≤ pageSize) campaigns
 * and the memory of its domains after, so no join runs over every matching row; the total is counted up to CONTACTS_COUNT_CAP, which keeps broad searches cheap.
 */
export async function listContacts(
  db: Database,
  userId: string,
  query: z.output<typeof contactListQuerySchema>,
): Promise<ContactPage> {
  const where = contactsWhere(userId, query);
  const order =
    query.sort === 'lastContacted'
      ? [orderByNullsLast(prospects.lastContacted, query.order), desc(prospects.id)]
      : [orderByIndexed(prospects.createdAt, query.order), orderByIndexed(prospects.id, query.order)];
  const capped = db
    .select({ one: sql`1` })
    .from(prospects)
    .where(where)
    .limit(CONTACTS_COUNT_CAP + 1)
    .as('capped');
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(prospects)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ total: sql<number>`count(*)::int` }).from(capped),
  ]);
  const campaignIds = [...new Set(rows.map((r) => r.campaignId))];
  const names = new Map(
    campaignIds.length === 0
      ? []
      : (
          await db
            .select({ id: campaigns.id, name: campaigns.name })
            .from(campaigns)
            .where(and(eq(campaigns.userId, userId), inArray(campaigns.id, campaignIds)))
        ).map((c) => [c.id, c.name]),
  );
  const domains = rows.map(prospectDomain);
  const memory = await domainMemoryOf(db, userId, domains);
  const total = count?.total ?? 0;
  return {
    items: rows.map((r, i) => ({
      ...toProspect(r),
      campaignName: names.get(r.campaignId) ?? '',
      domain: domains[i]!,
      domainMemory: memory.get(domains[i]!) ?? null,
    })),
    total: Math.min(total, CONTACTS_COUNT_CAP),
    totalIsCapped: total > CONTACTS_COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
  };
}

interface ExportCursor {
  /** created_at as PostgreSQL's own text: a JS Date would drop its microseconds and skip rows. */
  createdAt: string;
  id: string;
}

/** One keyset batch of the export, newest first, after the cursor. */
function readExportBatch(db: Database, userId: string, filters: ContactFilters, after: ExportCursor | null) {
  return db
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
      lastContacted: prospects.lastContacted,
      notes: prospects.notes,
    })
    .from(prospects)
    .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
    .where(
      and(
        contactsWhere(userId, filters),
        after
          ? sql`(${prospects.createdAt}, ${prospects.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(orderByIndexed(prospects.createdAt, 'desc'), orderByIndexed(prospects.id, 'desc'))
    .limit(EXPORT_BATCH_SIZE);
}

/**
 * The user's contacts matching the filters as CSV text chunks (spec §9 columns, header first), newest
 * first. Reads keyset batches of EXPORT_BATCH_SIZE by (created_at, id), so only one batch is in memory.
 */
export async function* exportContactsCsv(
  db: Database,
  userId: string,
  filters: ContactFilters,
): AsyncGenerator<string> {
  yield contactsCsvChunk([], true);
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await readExportBatch(db, userId, filters, after);
    if (rows.length === 0) return;
    yield contactsCsvChunk(
      rows.map(({ id: _id, cursorAt: _at, lastContacted, ...row }) => ({
        ...row,
        lastContacted: iso(lastContacted),
      })),
      false,
    );
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}
