import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Sequence, sequenceInputSchema } from '../../../shared/schemas/sequences';
import { emit } from '../../events/emit';
import type { Actor } from '../../auth/workspaces';
import type { Database, Db } from '../../db/client';
import { pageOf } from '../../db/list-page';
import { emailSequences, emailSequenceSteps } from '../../db/schema/sequences';
import { AppError } from '../../http/errors';
import { unknownCustomPlaceholderIssues } from '../../../shared/custom-field-values';
import { listCustomFields } from '../custom-fields/service';

type ValidSequence = z.output<typeof sequenceInputSchema>;

async function withSteps(db: Database, rows: (typeof emailSequences.$inferSelect)[]): Promise<Sequence[]> {
  if (rows.length === 0) return [];
  const steps = await db
    .select()
    .from(emailSequenceSteps)
    .where(
      inArray(
        emailSequenceSteps.sequenceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(emailSequenceSteps.stepNumber));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    steps: steps
      .filter((s) => s.sequenceId === r.id)
      .map((s) => ({
        id: s.id,
        stepNumber: s.stepNumber,
        subject: s.subject,
        content: s.content,
        delayHours: s.delayHours,
        variants: s.variants,
        autoWinnerAfter: s.autoWinnerAfter,
        winnerVariantId: s.winnerVariantId,
        winnerChosenAt: s.winnerChosenAt?.toISOString() ?? null,
        branches: s.branches,
      })),
  }));
}

/** One page of the user's sequences, newest first, with their steps. */
export async function listSequences(db: Database, workspaceId: string, page: number, pageSize: number) {
  const where = eq(emailSequences.workspaceId, workspaceId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailSequences)
      .where(where)
      .orderBy(desc(emailSequences.createdAt), desc(emailSequences.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(emailSequences).where(where),
  ]);
  return pageOf(await withSteps(db, rows), total?.n ?? 0, { page, pageSize });
}

/**
 * The user's sequence with its steps.
 * @throws AppError NOT_FOUND when it does not exist or belongs to someone else.
 */
export async function getSequence(db: Database, workspaceId: string, id: string): Promise<Sequence> {
  const rows = await db
    .select()
    .from(emailSequences)
    .where(and(eq(emailSequences.id, id), eq(emailSequences.workspaceId, workspaceId)));
  const [sequence] = await withSteps(db, rows);
  if (!sequence) throw AppError.notFound('Sequence not found');
  return sequence;
}

/** A winner the auto-winner chose, as a save finds it on the step it replaces. */
interface ChosenWinner {
  variantId: string;
  chosenAt: Date | null;
}

/** Variants as stored: each keeps the id the editor sent, a new one gets a fresh id (decision 043). */
const withIds = (variants: ValidSequence['steps'][number]['variants']) =>
  variants.map((v) => ({ ...v, id: v.id ?? crypto.randomUUID() }));

/**
 * The rows of a sequence's steps (step_number = position + 1). A variant keeps the id the editor
 * sent, so its statistics carry over a save; a new one gets a fresh id (decision 043); so do the
 * variants of a follow-up's conditions (decision 045).
 */
const stepRows = (sequenceId: string, input: ValidSequence, winners = new Map<number, ChosenWinner>()) =>
  input.steps.map((step, i) => {
    const variants = withIds(step.variants);
    // An auto-winner already chosen stays while it is on and its variant is still there.
    const winner = winners.get(i + 1);
    const kept = step.autoWinnerAfter !== null && winner && variants.some((v) => v.id === winner.variantId);
    return {
      sequenceId,
      stepNumber: i + 1,
      ...step,
      variants,
      branches: step.branches.map((b) => ({ condition: b.condition, variants: withIds(b.variants) })),
      winnerVariantId: kept ? winner.variantId : null,
      winnerChosenAt: kept ? winner.chosenAt : null,
    };
  });

/**
 * Refuses `{{custom.key}}` placeholders that name no custom field of the workspace, so a typo is
 * caught on save rather than holding every send (docs/decisions/044-custom-fields.md).
 * @throws AppError VALIDATION_ERROR with one issue per unknown key, on the field that has it.
 */
async function assertKnownCustomFields(db: Db, workspaceId: string, input: ValidSequence): Promise<void> {
  const keys = new Set((await listCustomFields(db, workspaceId)).map((f) => f.key));
  const issues = unknownCustomPlaceholderIssues(input.steps, keys);
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', issues[0]!.message, { issues });
}

/** Creates a sequence and its steps (step_number = position + 1, docs/product.md#api) in one transaction. */
export async function createSequence(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>,
  input: ValidSequence,
): Promise<Sequence> {
  const { workspaceId } = actor;
  await assertKnownCustomFields(db, workspaceId, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(emailSequences).values({ workspaceId, name: input.name }).returning();
    await tx.insert(emailSequenceSteps).values(stepRows(row!.id, input));
    await emit(tx, {
      type: 'sequence.created',
      workspaceId,
      actor,
      payload: { sequenceId: row!.id, name: input.name, steps: input.steps.length },
    });
    return row!.id;
  });
  return getSequence(db, workspaceId, id);
}

/**
 * Replaces a sequence's name and steps in one transaction.
 * @throws AppError NOT_FOUND when it does not exist or belongs to someone else; VALIDATION_ERROR for
 *   a `{{custom.key}}` of no custom field.
 */
export async function updateSequence(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>,
  id: string,
  input: ValidSequence,
): Promise<Sequence> {
  const { workspaceId } = actor;
  await assertKnownCustomFields(db, workspaceId, input);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailSequences)
      .set({ name: input.name })
      .where(and(eq(emailSequences.id, id), eq(emailSequences.workspaceId, workspaceId)))
      .returning({ id: emailSequences.id });
    if (!row) throw AppError.notFound('Sequence not found');
    const removed = await tx
      .delete(emailSequenceSteps)
      .where(eq(emailSequenceSteps.sequenceId, id))
      .returning({
        stepNumber: emailSequenceSteps.stepNumber,
        winner: emailSequenceSteps.winnerVariantId,
        chosenAt: emailSequenceSteps.winnerChosenAt,
      });
    const winners = new Map(
      removed.flatMap((r) =>
        r.winner ? [[r.stepNumber, { variantId: r.winner, chosenAt: r.chosenAt }] as const] : [],
      ),
    );
    await tx.insert(emailSequenceSteps).values(stepRows(id, input, winners));
    await emit(tx, {
      type: 'sequence.changed',
      workspaceId,
      actor,
      payload: { sequenceId: id, name: input.name, steps: input.steps.length },
    });
  });
  return getSequence(db, workspaceId, id);
}

/**
 * Deletes a sequence with its steps.
 * @throws AppError NOT_FOUND when it does not exist or belongs to someone else.
 */
export async function deleteSequence(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>,
  id: string,
): Promise<void> {
  const { workspaceId } = actor;
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(emailSequences)
      .where(and(eq(emailSequences.id, id), eq(emailSequences.workspaceId, workspaceId)))
      .returning({ name: emailSequences.name });
    if (!deleted) throw AppError.notFound('Sequence not found');
    await emit(tx, {
      type: 'sequence.deleted',
      workspaceId,
      actor,
      payload: { sequenceId: id, name: deleted.name },
    });
  });
}
