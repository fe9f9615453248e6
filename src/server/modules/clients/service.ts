import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  clientMessages,
  type Client,
  type ClientPage,
  type clientFormSchema,
  type clientListQuerySchema,
  type updateClientSchema,
} from '../../../shared/schemas/clients';
import type { Actor } from '../../auth/workspaces';
import type { Database, Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { clients } from '../../db/schema/clients';
import { clientMembers } from '../../db/schema/client-users';
import { users } from '../../db/schema/users';
import { workspaceMembers } from '../../db/schema/workspaces';
import { countWhere, listPage } from '../../db/list-page';
import { containsPattern, iso, pageOffset } from '../../db/sql-helpers';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';

const notFound = () => AppError.notFound(clientMessages.notFound);

const columns = {
  id: clients.id,
  name: clients.name,
  logoUrl: clients.logoUrl,
  domains: clients.domains,
  reportEmails: clients.reportEmails,
  // Qualified by hand: drizzle writes a column inside sql`` without its table, which the subquery would misread.
  campaignCount: sql<number>`(select count(*)::int from ${campaigns} where ${campaigns}.client_id = ${clients}.id)`,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

type Row = Omit<Client, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toClient = (r: Row): Client => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) });

const owned = (workspaceId: string, id: string) =>
  and(eq(clients.id, id), eq(clients.workspaceId, workspaceId));

/** One page of the workspace's clients by name, searched by name (case-insensitive substring). */
export async function listClients(
  db: Database,
  workspaceId: string,
  query: z.output<typeof clientListQuerySchema>,
): Promise<ClientPage> {
  const where = and(
    eq(clients.workspaceId, workspaceId),
    query.search ? ilike(clients.name, containsPattern(query.search)) : undefined,
  );
  return listPage(
    db
      .select(columns)
      .from(clients)
      .where(where)
      .orderBy(asc(clients.name), asc(clients.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    countWhere(db, clients, where),
    query,
    toClient,
  );
}

/** One of the workspace's clients. @throws AppError NOT_FOUND when it is not the workspace's. */
export async function findClient(db: Db, workspaceId: string, id: string): Promise<Client> {
  const [row] = await db.select(columns).from(clients).where(owned(workspaceId, id));
  if (!row) throw notFound();
  return toClient(row);
}

/**
 * Checks that `clientId` (when not null) is one of the workspace's clients, for the forms that pick one.
 * @throws AppError VALIDATION_ERROR on `clientId` when it is not.
 */
export async function assertClientOfWorkspace(
  db: Db,
  workspaceId: string,
  clientId: string | null,
): Promise<void> {
  if (clientId === null) return;
  const [row] = await db.select({ id: clients.id }).from(clients).where(owned(workspaceId, clientId));
  if (!row) throw AppError.invalidField('clientId', clientMessages.notFound);
}

/** Adds a client and logs it. */
export async function createClient(
  db: Database,
  actor: Actor,
  input: z.output<typeof clientFormSchema>,
): Promise<Client> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({ ...input, workspaceId: actor.workspaceId })
      .returning({ id: clients.id });
    await emit(tx, {
      type: 'client.created',
      workspaceId: actor.workspaceId,
      actor,
      payload: { clientId: row!.id, name: input.name },
    });
    return row!.id;
  });
  return findClient(db, actor.workspaceId, id);
}

/** Changes a client's name, domains, report addresses, or drops its logo. @throws AppError NOT_FOUND. */
export async function updateClient(
  db: Database,
  workspaceId: string,
  id: string,
  input: Omit<z.output<typeof updateClientSchema>, 'logoUrl'> & { logoUrl?: string | null },
): Promise<Client> {
  const [row] = await db
    .update(clients)
    .set(input)
    .where(owned(workspaceId, id))
    .returning({ id: clients.id, name: clients.name });
  if (!row) throw notFound();
  await emit(db, { type: 'client.changed', workspaceId, payload: { clientId: row.id, name: row.name } });
  return findClient(db, workspaceId, id);
}

/** Sets a client's logo to an uploaded image's public URL. @throws AppError NOT_FOUND. */
export async function setClientLogo(
  db: Database,
  workspaceId: string,
  id: string,
  logoUrl: string,
): Promise<Client> {
  return updateClient(db, workspaceId, id, { logoUrl });
}

/**
 * Deletes a client: its campaigns and placements stay, without a client. Its Client-role members
 * leave the workspace (each a `member.removed`) and its pending invitations die with it
 * (docs/decisions/040-client-role.md).
 * @throws AppError NOT_FOUND when it is not the workspace's.
 */
export async function deleteClient(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const leaving = await tx
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, actor.workspaceId),
          inArray(
            workspaceMembers.userId,
            tx
              .select({ userId: clientMembers.userId })
              .from(clientMembers)
              .where(and(eq(clientMembers.workspaceId, actor.workspaceId), eq(clientMembers.clientId, id))),
          ),
        ),
      )
      .returning({ userId: workspaceMembers.userId });
    for (const member of leaving) {
      const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
      await emit(tx, {
        type: 'member.removed',
        workspaceId: actor.workspaceId,
        actor,
        payload: { email: person?.email ?? '' },
      });
    }
    const [row] = await tx
      .delete(clients)
      .where(owned(actor.workspaceId, id))
      .returning({ name: clients.name });
    if (!row) throw notFound();
    await emit(tx, {
      type: 'client.deleted',
      workspaceId: actor.workspaceId,
      actor,
      payload: { clientId: id, name: row.name },
    });
  });
}
