import { sql } from 'drizzle-orm';
import { displayHost } from '../../shared/display-host';
import { siteDomain, siteUrlFromInput } from '../../shared/url-normalize';
import { queryRows, type Database } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { emit } from '../events/emit';

/** A prospect's site as people read it: 'https://www.Blog.example/x' → 'blog.example'. */
const siteName = (website: string) => displayHost(siteDomain(siteUrlFromInput(website) ?? website));

/**
 * Notifies every reminder that is due at `now` ("remind me in N days if they don't answer",
 * docs/product.md#inbox): one 'inbox-reminder' notification per thread, marked reminded in the same
 * transaction, so a reminder fires once even with several workers. Their reply clears a reminder
 * before it is due (threads.ts), so a due one means they have not answered.
 * @returns how many reminders fired.
 */
export async function notifyDueReminders(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{
      id: string;
      workspace_id: string;
      website: string;
      contact: string | null;
    }>(
      tx,
      sql`update inbox_threads t set reminded_at = ${now.toISOString()}::timestamptz
        from prospects p
        where p.id = t.prospect_id and t.remind_at <= ${now.toISOString()}::timestamptz and t.reminded_at is null
        returning t.id, t.workspace_id, p.website, coalesce(p.contact_name, p.contact_email) as contact`,
    );
    if (due.length === 0) return 0;
    await tx.insert(notifications).values(
      due.map((t) => ({
        workspaceId: t.workspace_id,
        kind: 'inbox-reminder' as const,
        inboxThreadId: t.id,
        title: `No answer yet from ${siteName(t.website)}`,
        body: `You asked to be reminded if ${t.contact ?? siteName(t.website)} had not answered by now.`,
      })),
    );
    for (const t of due)
      await emit(tx, {
        type: 'inbox.reminder_due',
        workspaceId: t.workspace_id,
        payload: { threadId: t.id },
      });
    return due.length;
  });
}
