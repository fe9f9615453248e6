import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { workspaceMessages } from '../../../shared/roles';
import {
  customFieldMessages as m,
  MAX_CUSTOM_FIELDS,
  type createCustomFieldSchema,
  type CustomField,
  type updateCustomFieldSchema,
} from '../../../shared/schemas/custom-fields';
import type { Actor } from '../../auth/workspaces';
import type { Db } from '../../db/client';
import { prospectCustomFields } from '../../db/schema/custom-fields';
import { prospects } from '../../db/schema/prospects';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';

type FieldRow = typeof prospectCustomFields.$inferSelect;
type ChangingActor = Pick<Actor, 'workspaceId' | 'userId' | 'role' | 'apiKeyId'>;

const toCustomField = (row: FieldRow): CustomField => ({
  id: row.id,
  key: row.key,
  label: row.label,
  type: row.type,
  options: row.options,
  position: row.position,
});

/** Defining fields is a workspace setting: Full Access only (docs/product.md#roles). */
function assertFull(actor: Pick<Actor, 'role'>): void {
  if (actor.role !== 'full') throw AppError.forbidden(workspaceMessages.fullAccessOnly);
}

/** The workspace's custom fields in their order (every member reads them). */
export async function listCustomFields(db: Db, workspaceId: string): Promise<CustomField[]> {
  const rows = await db
    .select()
    .from(prospectCustomFields)
    .where(eq(prospectCustomFields.workspaceId, workspaceId))
    .orderBy(asc(prospectCustomFields.position), asc(prospectCustomFields.createdAt));
  return rows.map(toCustomField);
}

/**
 * Adds a field at the end of the list.
 * @throws AppError FORBIDDEN for a member without Full Access; VALIDATION_ERROR when the key is
 *   taken (path `key`) or the workspace has MAX_CUSTOM_FIELDS already.
 */
export async function createCustomField(
  db: Db,
  actor: ChangingActor,
  input: z.output<typeof createCustomFieldSchema>,
): Promise<CustomField> {
  assertFull(actor);
  const { workspaceId } = actor;
  return db.transaction(async (tx) => {
    // Concurrent adds of one workspace queue up here, so the count and the next position hold.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('custom_fields:' || ${workspaceId}))`);
    const existing = await listCustomFields(tx, workspaceId);
    if (existing.some((f) => f.key === input.key)) throw AppError.invalidField('key', m.keyTaken(input.key));
    if (existing.length >= MAX_CUSTOM_FIELDS) throw new AppError('VALIDATION_ERROR', m.tooMany);
    const [row] = await tx
      .insert(prospectCustomFields)
      .values({ workspaceId, ...input, position: existing.length })
      .returning();
    await emit(tx, {
      type: 'custom_field.created',
      workspaceId,
      actor,
      payload: { fieldId: row!.id, key: row!.key, label: row!.label, type: row!.type },
    });
    return toCustomField(row!);
  });
}

/**
 * Renames a field, changes a choice field's options or moves it to `position` (the others shift).
 * Values of a removed option stay until edited (they are the prospect's data).
 * @throws AppError FORBIDDEN without Full Access; NOT_FOUND for another workspace's field;
 *   VALIDATION_ERROR for options on a field that is not a choice, or none left on one that is.
 */
export async function updateCustomField(
  db: Db,
  actor: ChangingActor,
  id: string,
  input: z.output<typeof updateCustomFieldSchema>,
): Promise<CustomField> {
  assertFull(actor);
  const { workspaceId } = actor;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('custom_fields:' || ${workspaceId}))`);
    const fields = await listCustomFields(tx, workspaceId);
    const field = fields.find((f) => f.id === id);
    if (!field) throw AppError.notFound(m.notFound);
    if (input.options !== undefined && field.type !== 'choice')
      throw AppError.invalidField('options', m.optionsForChoiceOnly);
    if (input.options !== undefined && input.options.length === 0)
      throw AppError.invalidField('options', m.optionsRequired);
    if (input.position !== undefined) {
      const order = fields.filter((f) => f.id !== id);
      order.splice(Math.min(input.position, order.length), 0, field);
      for (const [position, f] of order.entries())
        if (f.position !== position)
          await tx.update(prospectCustomFields).set({ position }).where(eq(prospectCustomFields.id, f.id));
    }
    const [row] = await tx
      .update(prospectCustomFields)
      .set({
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.options !== undefined ? { options: input.options } : {}),
        updatedAt: new Date(),
      })
      .where(eq(prospectCustomFields.id, id))
      .returning();
    await emit(tx, {
      type: 'custom_field.changed',
      workspaceId,
      actor,
      payload: { fieldId: id, key: row!.key, label: row!.label },
    });
    return toCustomField(row!);
  });
}

/**
 * Deletes a field and its value on every prospect of the workspace, and closes the gap in the order.
 * @throws AppError FORBIDDEN without Full Access; NOT_FOUND for another workspace's field.
 */
export async function deleteCustomField(db: Db, actor: ChangingActor, id: string): Promise<void> {
  assertFull(actor);
  const { workspaceId } = actor;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(prospectCustomFields)
      .where(and(eq(prospectCustomFields.id, id), eq(prospectCustomFields.workspaceId, workspaceId)))
      .returning();
    if (!row) throw AppError.notFound(m.notFound);
    await tx
      .update(prospectCustomFields)
      .set({ position: sql`${prospectCustomFields.position} - 1` })
      .where(
        and(
          eq(prospectCustomFields.workspaceId, workspaceId),
          sql`${prospectCustomFields.position} > ${row.position}`,
        ),
      );
    await tx
      .update(prospects)
      .set({ customFields: sql`${prospects.customFields} - ${row.key}::text` })
      .where(
        and(
          eq(prospects.workspaceId, workspaceId),
          sql`${prospects.customFields} ->> ${row.key}::text is not null`,
        ),
      );
    await emit(tx, {
      type: 'custom_field.deleted',
      workspaceId,
      actor,
      payload: { fieldId: row.id, key: row.key, label: row.label },
    });
  });
}
