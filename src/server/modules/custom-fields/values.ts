import { checkCustomValues } from '../../../shared/custom-field-values';
import type { CustomField, CustomValue } from '../../../shared/schemas/custom-fields';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { listCustomFields } from './service';

/**
 * Checks rows of custom values (by key) against the workspace's fields
 * (docs/decisions/044-custom-fields.md), for every route that writes them.
 * @param pathOf where a row's field sits in the request, as its VALIDATION_ERROR issue names it
 *   (`prospects.3.customFields.site_topic`), so a form or an import shows it on its row.
 * @returns each row's values to store (null = clear).
 * @throws AppError VALIDATION_ERROR listing every unknown key and wrong value.
 */
export async function checkedCustomValueRows(
  db: Db,
  workspaceId: string,
  rows: readonly (Readonly<Record<string, unknown>> | undefined)[],
  pathOf: (index: number, key: string) => string,
  fields?: readonly CustomField[],
): Promise<Record<string, CustomValue | null>[]> {
  if (rows.every((row) => !row || Object.keys(row).length === 0)) return rows.map(() => ({}));
  const known = fields ?? (await listCustomFields(db, workspaceId));
  const issues: { path: string; message: string }[] = [];
  const checked = rows.map((row, index) => {
    const result = checkCustomValues(known, row ?? {});
    for (const issue of result.issues)
      issues.push({ path: pathOf(index, issue.key), message: issue.message });
    return result.values;
  });
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', issues[0]!.message, { issues });
  return checked;
}
