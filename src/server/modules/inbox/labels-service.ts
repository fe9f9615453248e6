import { and, asc, eq, sql } from 'drizzle-orm';
import { inboxMessages, type InboxLabel } from '../../../shared/schemas/inbox';
import type { replyCategories } from '../../../shared/schemas/reply-suggestions';
import type { Db } from '../../db/client';
import { inboxLabels } from '../../db/schema/inbox';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';

type LabelRow = typeof inboxLabels.$inferSelect;

const toLabel = (row: LabelRow): InboxLabel => ({
  id: row.id,
  name: row.name,
  outcome: row.outcome,
  category: row.category as (typeof replyCategories)[number] | null,
  position: row.position,
});

/** The workspace's labels in their order (docs/product.md#inbox). */
export async function listLabels(db: Db, workspaceId: string): Promise<InboxLabel[]> {
  const rows = await db
    .select()
    .from(inboxLabels)
    .where(eq(inboxLabels.workspaceId, workspaceId))
    .orderBy(asc(inboxLabels.position), asc(inboxLabels.createdAt));
  return rows.map(toLabel);
}

/** PostgreSQL's unique_violation: a label of that name (any case) exists. */
const nameTaken = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (nameTaken(error)) throw AppError.invalidField('name', inboxMessages.labelNameTaken);
    throw error;
  }
}

/** Adds a label at the end of the list. @throws AppError VALIDATION_ERROR when the name is taken. */
export async function createLabel(
  db: Db,
  workspaceId: string,
  input: { name: string; outcome: LabelRow['outcome'] },
): Promise<InboxLabel> {
  const [row] = await refusingDuplicates(() =>
    db
      .insert(inboxLabels)
      .values({
        workspaceId,
        ...input,
        position: sql`coalesce((select max(position) + 1 from inbox_labels where workspace_id = ${workspaceId}), 0)`,
      })
      .returning(),
  );
  await emit(db, { type: 'inbox.labels_changed', workspaceId, payload: { labelId: row!.id } });
  return toLabel(row!);
}

/** Renames a label or changes its outcome. @throws AppError NOT_FOUND, VALIDATION_ERROR (name taken). */
export async function updateLabel(
  db: Db,
  workspaceId: string,
  labelId: string,
  input: { name: string; outcome: LabelRow['outcome'] },
): Promise<InboxLabel> {
  const [row] = await refusingDuplicates(() =>
    db
      .update(inboxLabels)
      .set(input)
      .where(and(eq(inboxLabels.id, labelId), eq(inboxLabels.workspaceId, workspaceId)))
      .returning(),
  );
  if (!row) throw AppError.notFound();
  await emit(db, { type: 'inbox.labels_changed', workspaceId, payload: { labelId } });
  return toLabel(row);
}

/** Deletes a label; its conversations lose it (the prospects keep their status). @throws AppError NOT_FOUND. */
export async function deleteLabel(db: Db, workspaceId: string, labelId: string): Promise<void> {
  const deleted = await db
    .delete(inboxLabels)
    .where(and(eq(inboxLabels.id, labelId), eq(inboxLabels.workspaceId, workspaceId)))
    .returning({ id: inboxLabels.id });
  if (deleted.length === 0) throw AppError.notFound();
  await emit(db, { type: 'inbox.labels_changed', workspaceId, payload: { labelId } });
}
