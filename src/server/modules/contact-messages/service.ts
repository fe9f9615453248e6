import { count, desc } from 'drizzle-orm';
import { contactLimits, type ContactInput, type ContactMessageList } from '../../../shared/schemas/contact';
import type { Database } from '../../db/client';
import { pageOf } from '../../db/list-page';
import { contactMessages } from '../../db/schema/contact';

/** Stores a contact-form message with the sender's IP (kept for abuse handling). */
export async function saveContactMessage(
  db: Database,
  input: ContactInput,
  ipAddress: string,
): Promise<void> {
  await db.insert(contactMessages).values({ ...input, ipAddress });
}

/** One page (1-based) of stored messages, newest first, for admins. */
export async function listContactMessages(db: Database, page: number): Promise<ContactMessageList> {
  const size = contactLimits.pageSize;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(contactMessages),
  ]);
  const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return pageOf(items, Number(totals?.total ?? 0), { page, pageSize: size });
}
