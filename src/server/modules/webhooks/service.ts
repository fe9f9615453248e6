import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { WebhookEventType } from '../../../shared/schemas/webhook-events';
import {
  WEBHOOK_ENDPOINTS_MAX,
  webhookMessages as m,
  type CreatedWebhook,
  type WebhookEndpoint,
  type createWebhookSchema,
  type updateWebhookSchema,
} from '../../../shared/schemas/webhooks';
import type { Actor } from '../../auth/workspaces';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { webhookEndpoints } from '../../db/schema/webhooks';
import { iso } from '../../db/sql-helpers';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import type { AddressPolicy } from '../../net/ssrf-guard';
import { encryptSecret } from '../../secrets';
import { disableEndpoint } from '../../webhooks/deliver';
import { newWebhookSecret } from '../../webhooks/signing';

/** What saving an endpoint needs besides the database: the secrets' key and the SSRF guard's policy. */
export interface EndpointDeps {
  secretKey: Buffer;
  policy: AddressPolicy;
}

const listed = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  failingSince: webhookEndpoints.failingSince,
  disabledAt: webhookEndpoints.disabledAt,
  disabledReason: webhookEndpoints.disabledReason,
  createdBy: users.name,
  createdAt: webhookEndpoints.createdAt,
};

type ListedRow = {
  id: string;
  url: string;
  description: string;
  events: string[];
  failingSince: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdBy: string | null;
  createdAt: Date;
};

function toEndpoint(row: ListedRow): WebhookEndpoint {
  return {
    ...row,
    events: row.events as WebhookEventType[],
    status: row.disabledAt ? 'disabled' : row.failingSince ? 'failing' : 'active',
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
    createdAt: iso(row.createdAt),
  };
}

/** Only Full Access members add, change and delete endpoints (docs/product.md#roles). */
function assertFull(actor: Actor): void {
  if (actor.role !== 'full') throw AppError.forbidden(m.fullAccessOnly);
}

/**
 * Checks an endpoint URL when it is saved (docs/decisions/025-public-api-and-webhooks.md) with the
 * SSRF guard that checks every delivery attempt: its host may not be, or resolve to, an address the
 * guard refuses (unless CRAWL_ALLOW_PRIVATE allows it).
 * @throws AppError VALIDATION_ERROR on `url` when the guard refuses it.
 */
async function assertPublicUrl(policy: AddressPolicy, url: string): Promise<void> {
  if (await policy.refusedHost(new URL(url).hostname)) throw AppError.invalidField('url', m.urlPrivate);
}

/**
 * One endpoint of the workspace as the API shows it (another workspace's reads as missing).
 * @throws AppError NOT_FOUND
 */
export async function getEndpoint(db: Db, workspaceId: string, id: string): Promise<WebhookEndpoint> {
  const [row] = await db
    .select(listed)
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)));
  if (!row) throw AppError.notFound(m.notFound);
  return toEndpoint(row);
}

/** The workspace's endpoints, newest first (every member reads them; never a secret). */
export async function listEndpoints(db: Db, workspaceId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select(listed)
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toEndpoint);
}

/**
 * Adds an endpoint (docs/product.md#webhooks): its URL must pass the SSRF guard, the workspace may
 * have WEBHOOK_ENDPOINTS_MAX; a new signing secret is made, stored encrypted and answered this once.
 * Recorded in the activity log in the same transaction.
 * @throws AppError FORBIDDEN without Full Access; VALIDATION_ERROR on `url` for a private address;
 *   CONFLICT at the endpoint limit.
 */
export async function createEndpoint(
  db: Db,
  deps: EndpointDeps,
  actor: Actor,
  input: z.output<typeof createWebhookSchema>,
): Promise<CreatedWebhook> {
  assertFull(actor);
  await assertPublicUrl(deps.policy, input.url);
  const secret = newWebhookSecret();
  const id = await db.transaction(async (tx) => {
    // Serialises the workspace's adds, so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${actor.workspaceId}`}))`);
    const [{ endpoints }] = (await tx
      .select({ endpoints: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, actor.workspaceId))) as [{ endpoints: number }];
    if (endpoints >= WEBHOOK_ENDPOINTS_MAX) throw new AppError('CONFLICT', m.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        workspaceId: actor.workspaceId,
        createdBy: actor.userId,
        url: input.url,
        description: input.description,
        events: input.events,
        secretEncrypted: encryptSecret(deps.secretKey, secret),
      })
      .returning({ id: webhookEndpoints.id });
    await emit(tx, {
      type: 'webhook.created',
      workspaceId: actor.workspaceId,
      actor,
      payload: { endpointId: row!.id, url: input.url, events: input.events.length },
    });
    return row!.id;
  });
  return { ...(await getEndpoint(db, actor.workspaceId, id)), secret };
}

/**
 * Changes an endpoint's URL (checked by the SSRF guard again), description or events, or turns it
 * off or on: off disables it (its pending deliveries fail, no notification), on clears
 * `disabledAt` and the failure run, so it is judged afresh.
 * @throws AppError FORBIDDEN, NOT_FOUND, or VALIDATION_ERROR on `url` as createEndpoint does.
 */
export async function updateEndpoint(
  db: Db,
  deps: EndpointDeps,
  actor: Actor,
  id: string,
  input: z.output<typeof updateWebhookSchema>,
): Promise<WebhookEndpoint> {
  assertFull(actor);
  const current = await getEndpoint(db, actor.workspaceId, id);
  if (input.url !== undefined && input.url !== current.url) await assertPublicUrl(deps.policy, input.url);
  await db.transaction(async (tx) => {
    const fields = {
      ...(input.url !== undefined && { url: input.url }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.events !== undefined && { events: input.events }),
      ...(input.enabled === true && { disabledAt: null, disabledReason: null, failingSince: null }),
    };
    if (Object.keys(fields).length > 0)
      await tx
        .update(webhookEndpoints)
        .set(fields)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, actor.workspaceId)));
    if (input.enabled === false)
      await disableEndpoint(tx, id, { reason: m.disabledByMember, now: new Date(), notify: false });
    await emit(tx, {
      type: 'webhook.updated',
      workspaceId: actor.workspaceId,
      actor,
      payload: { endpointId: id },
    });
  });
  return getEndpoint(db, actor.workspaceId, id);
}

/**
 * Replaces an endpoint's signing secret; the old one stops signing at once.
 * @returns the new secret, shown this once. @throws AppError FORBIDDEN, NOT_FOUND
 */
export async function rotateEndpointSecret(
  db: Db,
  deps: Pick<EndpointDeps, 'secretKey'>,
  actor: Actor,
  id: string,
): Promise<{ secret: string }> {
  assertFull(actor);
  const secret = newWebhookSecret();
  const rows = await db
    .update(webhookEndpoints)
    .set({ secretEncrypted: encryptSecret(deps.secretKey, secret) })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, actor.workspaceId)))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw AppError.notFound(m.notFound);
  await emit(db, {
    type: 'webhook.updated',
    workspaceId: actor.workspaceId,
    actor,
    payload: { endpointId: id },
  });
  return { secret };
}

/**
 * Deletes an endpoint and its delivery log, recorded in the activity log.
 * @throws AppError FORBIDDEN, NOT_FOUND
 */
export async function deleteEndpoint(db: Db, actor: Actor, id: string): Promise<void> {
  assertFull(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, actor.workspaceId)))
      .returning({ url: webhookEndpoints.url });
    if (!row) throw AppError.notFound(m.notFound);
    await emit(tx, {
      type: 'webhook.deleted',
      workspaceId: actor.workspaceId,
      actor,
      payload: { endpointId: id, url: row.url },
    });
  });
}
