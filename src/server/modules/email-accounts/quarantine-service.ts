import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { QuarantinePage, quarantineQuerySchema } from '../../../shared/schemas/mailboxes';
import type { Database } from '../../db/client';
import { quarantinedMessages } from '../../db/schema/outreach';
import { pageOf } from '../../db/list-page';
import { iso, pageOffset } from '../../db/sql-helpers';
import { assertEmailAccountOwned } from './service';

/**
 * One page of the messages a mailbox's sync set aside (inbox/pipeline/quarantine.ts), newest first.
 * @throws AppError NOT_FOUND (404) when the mailbox is not the user's.
 */
export async function listQuarantinedMessages(
  db: Database,
  workspaceId: string,
  mailboxId: string,
  query: z.output<typeof quarantineQuerySchema>,
): Promise<QuarantinePage> {
  await assertEmailAccountOwned(db, workspaceId, mailboxId);
  const where = and(
    eq(quarantinedMessages.workspaceId, workspaceId),
    eq(quarantinedMessages.emailAccountId, mailboxId),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(quarantinedMessages)
      .where(where)
      .orderBy(desc(quarantinedMessages.createdAt), desc(quarantinedMessages.imapUid))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ total: count() }).from(quarantinedMessages).where(where),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    uid: r.imapUid,
    messageId: r.messageId,
    fromEmail: r.fromEmail,
    subject: r.subject,
    size: r.size,
    reason: r.reason,
    createdAt: iso(r.createdAt),
  }));
  return pageOf(items, totals?.total ?? 0, query);
}
