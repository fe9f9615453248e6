import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { prospects } from '../db/schema/prospects';
import { enrollments, outreachMessages, suppressions } from '../db/schema/outreach';

/**
 * Puts an address on the user's suppression list and stops everything still going to it: every
 * enrollment of that user with that address stops, messages still waiting are cancelled.
 * Idempotent. Used by the unsubscribe link, unsubscribe replies and hard bounces.
 * @returns true when the address was not on the list before.
 */
export async function suppressAddress(
  db: Database,
  workspaceId: string,
  address: string,
  reason: 'unsubscribe' | 'bounce' | 'complaint' | 'manual',
  stopReason: string,
): Promise<boolean> {
  const email = address.toLowerCase();
  const added = await db
    .insert(suppressions)
    .values({ workspaceId, email, reason })
    .onConflictDoNothing()
    .returning({ email: suppressions.email });
  const sameAddress = db
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.workspaceId, workspaceId), sql`lower(${prospects.contactEmail}) = ${email}`));
  await db
    .update(enrollments)
    .set({ status: 'stopped', stopReason, nextStepAt: null })
    .where(
      and(inArray(enrollments.prospectId, sameAddress), inArray(enrollments.status, ['active', 'paused'])),
    );
  await db
    .update(outreachMessages)
    .set({ status: 'cancelled', lastError: stopReason })
    .where(
      and(
        eq(outreachMessages.workspaceId, workspaceId),
        eq(outreachMessages.toEmail, email),
        inArray(outreachMessages.status, ['queued', 'flagged']),
      ),
    );
  return added.length > 0;
}
