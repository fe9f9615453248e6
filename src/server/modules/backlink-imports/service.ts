import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import {
  backlinkImportMessages,
  type BacklinkImport,
  type IntersectItem,
  type IntersectPage,
  type intersectQuerySchema,
  type startBacklinkImportSchema,
} from '../../../shared/schemas/backlink-imports';
import type { ColumnMapping } from '../../../shared/seo-exports/formats';
import {
  headerSetKey,
  mappingNamesSites,
  recogniseHeader,
  reportOf,
  headerKey,
} from '../../../shared/seo-exports/recognise';
import { domainOf, recordFromRow } from '../../../shared/seo-exports/records';
import { refusalOf } from '../../../shared/seo-exports/refusals';
import { siteDomain } from '../../../shared/url-normalize';
import { queryRows, type Database } from '../../db/client';
import { pageOf } from '../../db/list-page';
import { pageOffset } from '../../db/sql-helpers';
import { backlinkImports, exportColumnMappings } from '../../db/schema/backlink-imports';
import { exportText, readExportRows } from '../../discovery/backlink-exports/read-export';
import { AppError } from '../../http/errors';
import { backlinkImportQueue, sendJob } from '../../jobs/definitions';
import { findOwnedCampaign } from '../../campaigns/find';

/** What the import service needs: the database and a queue to send the import job to. */
export interface BacklinkImportDeps {
  db: Database;
  queue: Pick<PgBoss, 'send'>;
}

type ImportRow = typeof backlinkImports.$inferSelect;

const toView = (row: Omit<ImportRow, 'file'>): BacklinkImport => ({
  id: row.id,
  fileName: row.fileName,
  tool: row.tool as BacklinkImport['tool'],
  report: row.report as BacklinkImport['report'],
  encoding: row.encoding,
  delimiter: row.delimiter,
  header: row.header,
  mapping: row.mapping,
  targetDomain: row.targetDomain,
  rowCount: row.rowCount,
  domainCount: row.domainCount,
  status: row.status,
  progress: row.status === 'completed' ? 100 : row.progress,
  prospectsAdded: row.prospectsAdded,
  domainsSkipped: row.domainsSkipped,
  contactsFound: row.contactsFound,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** Every column but the file's bytes. */
const { file: _file, ...viewColumns } = getTableColumns(backlinkImports);

/**
 * Reads an uploaded export without importing it: its encoding and delimiter, the tool and report its
 * header names (or the user's remembered mapping of an unknown header set), its rows and distinct
 * domains, and the site it is about (the domain most of its target URLs point to; a link intersect
 * has several, none). Keeps the file with the result, as an import waiting to be started.
 * @throws AppError NOT_FOUND for another workspace's campaign; VALIDATION_ERROR for a file without
 *   rows, or for a recognised report whose rows name no linking site (`refusalOf`: which export to
 *   download instead).
 */
export async function uploadBacklinkExport(
  db: Database,
  workspaceId: string,
  campaignId: string,
  upload: { fileName: string; bytes: Buffer },
): Promise<BacklinkImport> {
  await findOwnedCampaign(db, workspaceId, campaignId);
  const file = exportText(upload.bytes);
  let recognition: ReturnType<typeof recogniseHeader> | null = null;
  let rowCount = 0;
  const domains = new Set<string>();
  const targets = new Map<string, number>();
  let headerRow: string[] = [];
  await readExportRows(file, async (rows, header) => {
    if (!recognition) {
      headerRow = [...header];
      recognition = recogniseHeader(header);
      if (recognition.tool === 'other') {
        const [remembered] = await db
          .select({ mapping: exportColumnMappings.mapping })
          .from(exportColumnMappings)
          .where(
            and(
              eq(exportColumnMappings.workspaceId, workspaceId),
              eq(exportColumnMappings.headerKey, headerSetKey(header)),
            ),
          );
        if (remembered)
          recognition = {
            ...recognition,
            mapping: remembered.mapping,
            report: reportOf('other', header.map(headerKey), remembered.mapping),
          };
      }
    }
    for (const row of rows) {
      rowCount++;
      const record = recordFromRow(row, recognition.mapping);
      if (record.domain) domains.add(record.domain);
      const target = domainOf(record.targetUrl);
      if (target) targets.set(target, (targets.get(target) ?? 0) + 1);
    }
  });
  const found = recognition as ReturnType<typeof recogniseHeader> | null;
  if (!found || rowCount === 0) throw new AppError('VALIDATION_ERROR', backlinkImportMessages.empty);
  const refusal = refusalOf(found.tool, found.report);
  if (refusal) throw new AppError('VALIDATION_ERROR', refusal);
  const targetDomain = [...targets].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const [row] = await db
    .insert(backlinkImports)
    .values({
      campaignId,
      workspaceId,
      fileName: upload.fileName.slice(0, 255),
      tool: found.tool,
      report: found.report,
      encoding: file.encoding,
      delimiter: file.delimiter,
      header: headerRow.slice(0, 1000),
      mapping: found.mapping,
      targetDomain,
      rowCount,
      domainCount: domains.size,
      file: upload.bytes,
    })
    .returning(viewColumns);
  return toView(row!);
}

async function ownedImport(db: Database, workspaceId: string, campaignId: string, importId: string) {
  const [row] = await db
    .select(viewColumns)
    .from(backlinkImports)
    .where(
      and(
        eq(backlinkImports.id, importId),
        eq(backlinkImports.campaignId, campaignId),
        eq(backlinkImports.workspaceId, workspaceId),
      ),
    );
  if (!row) throw AppError.notFound(backlinkImportMessages.notFound);
  return row;
}

/** One import of the workspace's campaign. @throws AppError NOT_FOUND when it is not the workspace's. */
export async function getBacklinkImport(
  db: Database,
  workspaceId: string,
  campaignId: string,
  importId: string,
) {
  return toView(await ownedImport(db, workspaceId, campaignId, importId));
}

/** The campaign's imports, newest first (the last 50). @throws AppError NOT_FOUND for another workspace's campaign. */
export async function listBacklinkImports(db: Database, workspaceId: string, campaignId: string) {
  await findOwnedCampaign(db, workspaceId, campaignId);
  const rows = await db
    .select(viewColumns)
    .from(backlinkImports)
    .where(and(eq(backlinkImports.campaignId, campaignId), eq(backlinkImports.workspaceId, workspaceId)))
    .orderBy(desc(backlinkImports.createdAt))
    .limit(50);
  return { items: rows.map(toView) };
}

/**
 * Starts an uploaded import with the site it is about and, for a file the user mapped, its mapping
 * (remembered for the next file with the same header set), and queues the import job.
 * @throws AppError NOT_FOUND when it is not the workspace's; CONFLICT once started; VALIDATION_ERROR
 *   when the mapping names no site column.
 */
export async function startBacklinkImport(
  deps: BacklinkImportDeps,
  workspaceId: string,
  campaignId: string,
  importId: string,
  body: z.output<typeof startBacklinkImportSchema>,
): Promise<BacklinkImport> {
  const { db } = deps;
  const current = await ownedImport(db, workspaceId, campaignId, importId);
  const mapping: ColumnMapping = body.mapping ?? current.mapping;
  if (!mappingNamesSites(mapping)) throw new AppError('VALIDATION_ERROR', backlinkImportMessages.noSites);
  const targetDomain =
    body.targetDomain === undefined
      ? current.targetDomain
      : body.targetDomain && siteDomain(body.targetDomain);
  const [row] = await db
    .update(backlinkImports)
    .set({
      status: 'queued',
      mapping,
      targetDomain: targetDomain || null,
      report: body.mapping
        ? reportOf(current.tool as 'other', current.header.map(headerKey), mapping)
        : current.report,
    })
    .where(and(eq(backlinkImports.id, importId), eq(backlinkImports.status, 'uploaded')))
    .returning(viewColumns);
  if (!row) throw new AppError('CONFLICT', backlinkImportMessages.notStartable);
  if (body.mapping)
    await db
      .insert(exportColumnMappings)
      .values({ workspaceId, headerKey: headerSetKey(current.header), mapping })
      .onConflictDoUpdate({
        target: [exportColumnMappings.workspaceId, exportColumnMappings.headerKey],
        set: { mapping, updatedAt: new Date() },
      });
  await sendJob(deps.queue, backlinkImportQueue, { importId }, { retryLimit: 1, group: { id: workspaceId } });
  return toView(row);
}

/**
 * Link intersect from the imported exports (docs/decisions/033-backlink-export-import.md): domains that link to two or more of
 * the campaign's competitors in its imports (one export per competitor, or a link intersect export's
 * target columns) and to the campaign's own site in none of them, nor in the stored link graph;
 * ranked by competitors linked, then Ahrefs DR, then name; one page at a time.
 */
export async function backlinkIntersect(
  db: Database,
  workspaceId: string,
  campaignId: string,
  query: z.output<typeof intersectQuerySchema>,
): Promise<IntersectPage> {
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const own = siteDomain(campaign.websiteUrl);
  const competitors = [...new Set(campaign.competitors.map((c) => domainOf(c) ?? siteDomain(c)))];
  const rows = await queryRows<{
    domain: string;
    competitors: string[];
    linking_page: string | null;
    anchor: string | null;
    dr: number | null;
    is_prospect: boolean;
    total: number;
  }>(
    db,
    sql`
      with links as (
        select d.domain, t.target, d.linking_page, d.anchor
        from backlink_import_domains d
        join backlink_imports i on i.id = d.import_id
        cross join lateral unnest(case when cardinality(d.targets) > 0 then d.targets
                                       else array[i.target_domain] end) as t(target)
        where d.campaign_id = ${campaignId} and d.workspace_id = ${workspaceId} and t.target is not null
      ),
      ranked as (
        select domain, array_agg(distinct target) filter (where target <> ${own}) as competitors,
               min(linking_page) as linking_page, min(anchor) as anchor,
               bool_or(target = ${own}) as links_own
        from links group by domain
      )
      select r.domain, r.competitors, r.linking_page, r.anchor,
             (select m.value from domain_metrics m where m.workspace_id = ${workspaceId} and m.domain = r.domain
                and m.source = 'ahrefs' and m.metric = 'dr') as dr,
             exists (select 1 from prospects p where p.campaign_id = ${campaignId} and p.domain = r.domain) as is_prospect,
             (count(*) over ())::int as total
      from ranked r
      where not r.links_own and cardinality(r.competitors) >= 2 and r.domain <> ${own}
        and not exists (select 1 from crawl_links l
                        where l.to_host in (${own}, ${`www.${own}`})
                          and regexp_replace(l.from_host, '^www\\.', '') = r.domain)
      order by cardinality(r.competitors) desc, dr desc nulls last, r.domain
      limit ${query.pageSize} offset ${pageOffset(query.page, query.pageSize)}`,
  );
  const items: IntersectItem[] = rows.map((r) => ({
    domain: r.domain,
    competitors: r.competitors,
    linkingPage: r.linking_page,
    anchor: r.anchor,
    dr: r.dr,
    isProspect: r.is_prospect,
  }));
  return { ...pageOf(items, Number(rows[0]?.total ?? 0), query), competitors };
}
