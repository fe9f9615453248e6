import { and, desc, eq } from 'drizzle-orm';
import type { ProspectNote } from '../../../shared/schemas/inbox';
import type { Role } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { prospectNotes } from '../../db/schema/inbox';
import { prospects } from '../../db/schema/prospects';
import { users } from '../../db/schema/users';
import { iso } from '../../db/sql-helpers';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';

/** A prospect's notes, newest first, with their authors (docs/product.md#inbox). */
export async function listNotes(db: Db, workspaceId: string, prospectId: string): Promise<ProspectNote[]> {
  const rows = await db
    .select({ note: prospectNotes, authorName: users.name })
    .from(prospectNotes)
    .leftJoin(users, eq(users.id, prospectNotes.authorId))
    .where(and(eq(prospectNotes.prospectId, prospectId), eq(prospectNotes.workspaceId, workspaceId)))
    .orderBy(desc(prospectNotes.createdAt));
  return rows.map(({ note, authorName }) => ({
    id: note.id,
    body: note.body,
    author: note.authorId && authorName ? { id: note.authorId, name: authorName } : null,
    createdAt: iso(note.createdAt),
  }));
}

/** The workspace's prospect `prospectId`. @throws AppError NOT_FOUND. */
async function ownProspect(db: Db, workspaceId: string, prospectId: string): Promise<void> {
  const [row] = await db
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), eq(prospects.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound();
}

/** A prospect's notes for the API. @throws AppError NOT_FOUND for a prospect outside the workspace. */
export async function prospectNotesOf(
  db: Db,
  workspaceId: string,
  prospectId: string,
): Promise<ProspectNote[]> {
  await ownProspect(db, workspaceId, prospectId);
  return listNotes(db, workspaceId, prospectId);
}

/** Adds a note to a prospect, visible to the whole workspace. @throws AppError NOT_FOUND. */
export async function addNote(
  db: Db,
  actor: { userId: string; workspaceId: string },
  prospectId: string,
  body: string,
): Promise<ProspectNote> {
  await ownProspect(db, actor.workspaceId, prospectId);
  const [note] = await db
    .insert(prospectNotes)
    .values({ workspaceId: actor.workspaceId, prospectId, authorId: actor.userId, body })
    .returning();
  await emit(db, {
    type: 'prospect.note_added',
    workspaceId: actor.workspaceId,
    actor,
    payload: { prospectId, noteId: note!.id },
  });
  const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  return {
    id: note!.id,
    body: note!.body,
    author: author ? { id: actor.userId, name: author.name } : null,
    createdAt: iso(note!.createdAt),
  };
}

/**
 * Deletes a note: its author may, and a Full Access member may delete anyone's.
 * @throws AppError NOT_FOUND (not the workspace's note), FORBIDDEN (someone else's, as a member).
 */
export async function deleteNote(
  db: Db,
  actor: { userId: string; workspaceId: string; role: Role },
  noteId: string,
): Promise<void> {
  const [note] = await db
    .select({ authorId: prospectNotes.authorId })
    .from(prospectNotes)
    .where(and(eq(prospectNotes.id, noteId), eq(prospectNotes.workspaceId, actor.workspaceId)));
  if (!note) throw AppError.notFound();
  if (note.authorId !== actor.userId && actor.role !== 'full')
    throw AppError.forbidden('Only its author or a Full Access member can delete a note');
  await db.delete(prospectNotes).where(eq(prospectNotes.id, noteId));
  await emit(db, {
    type: 'prospect.note_deleted',
    workspaceId: actor.workspaceId,
    actor,
    payload: { noteId },
  });
}
