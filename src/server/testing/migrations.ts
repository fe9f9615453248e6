import { shippedMigrations } from '../db/migrate';

/**
 * How many shipped migrations come before `tag`: `runMigrations(handle, undefined, { upTo })` with it
 * leaves the schema as it was before that migration, for tests that load data into an older schema
 * and then migrate it. @throws Error when no migration has that tag.
 */
export function migrationsBefore(tag: string): number {
  const index = shippedMigrations().findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  return index;
}
