import { foreignKey, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { workspaceInvitations, workspaceMembers } from './workspaces';

/**
 * Which client a member with the Client role belongs to (docs/decisions/040-client-role.md): one
 * row per `client` membership. Kept apart from `workspace_members` because the clients table sits
 * above the workspaces one. The membership's pair and the client's pair are both foreign keys, so
 * the client is always one of the membership's own workspace; deleting either removes the row
 * (the clients service removes the client's members first, with their events).
 */
export const clientMembers = pgTable(
  'client_members',
  {
    workspaceId: uuid().notNull(),
    userId: uuid().notNull(),
    clientId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    foreignKey({
      name: 'fk_client_members_membership',
      columns: [t.workspaceId, t.userId],
      foreignColumns: [workspaceMembers.workspaceId, workspaceMembers.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'fk_client_members_client',
      columns: [t.clientId, t.workspaceId],
      foreignColumns: [clients.id, clients.workspaceId],
    }).onDelete('cascade'),
    index('idx_client_members_client_id').on(t.clientId),
  ],
);

/**
 * The client an invitation with the Client role is for (docs/decisions/040-client-role.md); its
 * row goes with the invitation or the client.
 */
export const clientInvitations = pgTable(
  'client_invitations',
  {
    invitationId: uuid()
      .primaryKey()
      .references(() => workspaceInvitations.id, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [index('idx_client_invitations_client_id').on(t.clientId)],
);
