import { and, eq } from 'drizzle-orm';
import type { ImportMapping } from '../../../shared/schemas/custom-fields';
import type { Db } from '../../db/client';
import { prospectImportMappings } from '../../db/schema/custom-fields';
import { listCustomFields } from './service';

/**
 * A header set's identity: its cells trimmed, lower-cased and sorted, joined by U+0001 (which no
 * header holds), so the same columns in another order or case find the same mapping.
 */
export function headerKey(headers: readonly string[]): string {
  return [...new Set(headers.map((h) => h.trim().toLowerCase()))].sort().join('\u0001');
}

/**
 * The mapping remembered for a CSV header set (docs/decisions/044-custom-fields.md): header cell →
 * custom field key, keeping only headers of this file and fields that still exist; `{}` when none.
 */
export async function importMappingFor(
  db: Db,
  workspaceId: string,
  headers: readonly string[],
): Promise<Record<string, string>> {
  const [row] = await db
    .select({ mapping: prospectImportMappings.mapping })
    .from(prospectImportMappings)
    .where(
      and(
        eq(prospectImportMappings.workspaceId, workspaceId),
        eq(prospectImportMappings.headerKey, headerKey(headers)),
      ),
    );
  if (!row) return {};
  const keys = new Set((await listCustomFields(db, workspaceId)).map((f) => f.key));
  const byCell = new Map(headers.map((h) => [h.trim().toLowerCase(), h]));
  return Object.fromEntries(
    Object.entries(row.mapping).flatMap(([header, key]) => {
      const cell = byCell.get(header.trim().toLowerCase());
      return cell !== undefined && keys.has(key) ? [[cell, key]] : [];
    }),
  );
}

/**
 * Remembers how a header set maps to custom fields, replacing what was remembered for it. Every
 * member may: it is a convenience of the import, not a setting, and it changes no data.
 * @returns the mapping as stored (only this file's headers).
 */
export async function saveImportMapping(
  db: Db,
  workspaceId: string,
  { headers, mapping }: ImportMapping,
): Promise<Record<string, string>> {
  const cells = new Set(headers);
  const kept = Object.fromEntries(Object.entries(mapping).filter(([header]) => cells.has(header)));
  await db
    .insert(prospectImportMappings)
    .values({ workspaceId, headerKey: headerKey(headers), mapping: kept })
    .onConflictDoUpdate({
      target: [prospectImportMappings.workspaceId, prospectImportMappings.headerKey],
      set: { mapping: kept, updatedAt: new Date() },
    });
  return kept;
}
