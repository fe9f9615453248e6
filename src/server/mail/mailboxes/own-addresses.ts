import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

/** Lower-case addresses of the user's own mailboxes: never a prospect, never suppressed. */
export async function ownAddresses(db: Database, workspaceId: string): Promise<Set<string>> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select lower(email) as email from email_accounts where workspace_id = ${workspaceId}`,
  );
  return new Set(rows.map((r) => r.email));
}
