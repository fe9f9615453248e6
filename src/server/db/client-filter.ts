import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A list's client filter (docs/decisions/040-client-role.md): `campaignId` is one of the
 * workspace's campaigns of `clientId`, or of no client for `none`. The campaigns are read once, as
 * an array (an InitPlan), so the list keeps its own index walk — the workspace's newest rows first,
 * stopping at the page — and checks each row against a short list, or, for a client with few rows,
 * the planner may read them through the campaign id index instead.
 */
export function campaignOfClient(
  campaignId: AnyPgColumn,
  workspaceId: string | Placeholder,
  clientId: string,
): SQL {
  const ofClient = clientId === 'none' ? sql`c.client_id is null` : sql`c.client_id = ${clientId}::uuid`;
  return sql`${campaignId} = any(array(select c.id from campaigns c where c.workspace_id = ${workspaceId} and ${ofClient}))`;
}
