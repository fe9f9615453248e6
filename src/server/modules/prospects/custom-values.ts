import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { customValueText, mergeCustomValues } from '../../../shared/custom-field-values';
import type { setProspectCustomValuesSchema } from '../../../shared/schemas/custom-fields';
import type { Prospect } from '../../../shared/schemas/prospects';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { prospects } from '../../db/schema/prospects';
import { emit } from '../../events/emit';
import { prospectRef } from '../../events/prospect-ref';
import { AppError } from '../../http/errors';
import { checkedCustomValueRows } from '../custom-fields/values';
import { toProspect } from './service';

/**
 * Sets or clears custom field values of one prospect (docs/decisions/044-custom-fields.md); keys not
 * named keep their value. A real change emits `prospect.custom_fields_changed` with the keys it touched.
 * @throws AppError NOT_FOUND for another workspace's prospect; VALIDATION_ERROR (`values.<key>`) for a
 *   key that is no field of the workspace or a value of the wrong type.
 */
export async function setProspectCustomValues(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>,
  id: string,
  input: z.output<typeof setProspectCustomValuesSchema>,
): Promise<Prospect> {
  const { workspaceId } = actor;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(prospects)
      .where(and(eq(prospects.id, id), eq(prospects.workspaceId, workspaceId)))
      .for('update');
    if (!row) throw AppError.notFound('Prospect not found');
    const [changes] = await checkedCustomValueRows(
      tx,
      workspaceId,
      [input.values],
      (_, key) => `values.${key}`,
    );
    const next = mergeCustomValues(row.customFields, changes!);
    const changed = Object.keys(changes!).filter(
      (key) => customValueText(row.customFields[key]) !== customValueText(next[key]),
    );
    if (changed.length === 0) return toProspect(row);
    const [updated] = await tx
      .update(prospects)
      .set({ customFields: next, updatedAt: new Date() })
      .where(eq(prospects.id, id))
      .returning();
    const ref = await prospectRef(tx, id);
    await emit(tx, {
      type: 'prospect.custom_fields_changed',
      workspaceId,
      actor,
      payload: { ...ref!, changed },
    });
    return toProspect(updated!);
  });
}
