import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** Messages sent through the public contact form, listed by admins newest first. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [index('idx_contact_messages_created_at').on(t.createdAt.desc())],
);
