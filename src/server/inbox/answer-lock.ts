import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Serialises, until the transaction ends, what changes member `userId`'s answer on a thread between
 * draft and sending: saving the draft (by the member, or a replacement claim's follow-up:
 * docs/decisions/038-warranty-claims.md) and claiming it for a send. Without it a save landing while
 * the answer is being sent would start a second draft (the unique index allows one draft beside a
 * row being sent), which the send would then meet when it puts its own row back to draft.
 */
export async function lockAnswer(tx: Db, threadId: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`inbox-answer:${threadId}:${userId}`}))`);
}
