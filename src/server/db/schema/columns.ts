import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column builders: uuid primary key and the created/updated timestamps every table carries. */
export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
