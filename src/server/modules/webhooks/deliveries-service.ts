import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  webhookMessages as m,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookTestResult,
} from '../../../shared/schemas/webhooks';
import type { Actor } from '../../auth/workspaces';
import type { Database, Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { iso } from '../../db/sql-helpers';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import type { WebhookDeliveryDeps } from '../../webhooks/deliver';
import { sendTestEvent } from '../../webhooks/test-event';

/** The endpoint's row when it is the workspace's. @throws AppError NOT_FOUND */
async function ownEndpoint(db: Db, workspaceId: string, id: string) {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id, disabledAt: webhookEndpoints.disabledAt })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  if (!endpoint) throw AppError.notFound(m.notFound);
  return endpoint;
}

/** The cursor after a delivery: its creation time to the microsecond (PostgreSQL's text) and id, base64url. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!createdAt || !id || !uuid.test(id) || Number.isNaN(Date.parse(createdAt)))
    throw AppError.invalidField('cursor', 'The page cursor is not valid.');
  return { createdAt, id };
}

/** The creation time as text, exact to the microsecond: a JavaScript Date would cut it to the millisecond. */
const createdAtText = sql<string>`to_char(${webhookDeliveries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of an endpoint's delivery log, newest first (docs/product.md#webhooks), keyset-paginated
 * on (created_at, id) with the endpoint's index, so deliveries added meanwhile neither repeat nor
 * vanish. @throws AppError NOT_FOUND for another workspace's endpoint; VALIDATION_ERROR for a
 * malformed cursor.
 */
export async function listDeliveries(
  db: Db,
  workspaceId: string,
  endpointId: string,
  query: { cursor?: string | undefined },
): Promise<WebhookDeliveryPage> {
  await ownEndpoint(db, workspaceId, endpointId);
  const filters: SQL[] = [eq(webhookDeliveries.endpointId, endpointId)];
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    filters.push(
      sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      responseBody: webhookDeliveries.responseBody,
      durationMs: webhookDeliveries.durationMs,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      cursorTime: createdAtText,
    })
    .from(webhookDeliveries)
    .where(and(...filters))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_PAGE_SIZE + 1);
  const page = rows.slice(0, WEBHOOK_DELIVERY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ cursorTime: _cursorTime, ...r }): WebhookDelivery => ({
      ...r,
      // A pending delivery's next attempt; while one is in flight, the end of its claim.
      nextAttemptAt: r.status === 'pending' ? iso(r.nextAttemptAt) : null,
      lastAttemptAt: iso(r.lastAttemptAt),
      createdAt: iso(r.createdAt),
    })),
    nextCursor:
      rows.length > WEBHOOK_DELIVERY_PAGE_SIZE && last ? encodeCursor(last.cursorTime, last.id) : null,
  };
}

/**
 * Queues a delivery again (Redeliver): a new pending delivery of the same event — same event id and
 * payload, so a receiver that de-duplicates by id ignores it if the first one did arrive — due now,
 * with its own 24 hours of retries. Any member may redeliver.
 * @throws AppError NOT_FOUND for another workspace's delivery; CONFLICT when its endpoint is disabled.
 */
export async function redeliver(db: Database, actor: Actor, deliveryId: string): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select({
        endpointId: webhookDeliveries.endpointId,
        eventId: webhookDeliveries.eventId,
        eventType: webhookDeliveries.eventType,
        payload: webhookDeliveries.payload,
        disabledAt: webhookEndpoints.disabledAt,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.workspaceId, actor.workspaceId)));
    if (!original) throw AppError.notFound(m.deliveryNotFound);
    if (original.disabledAt) throw new AppError('CONFLICT', m.redeliverDisabled);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: original.endpointId,
        workspaceId: actor.workspaceId,
        eventId: original.eventId,
        eventType: original.eventType,
        payload: original.payload,
        nextAttemptAt: new Date(),
      })
      .returning();
    await emit(tx, {
      type: 'webhook.delivery_changed',
      workspaceId: actor.workspaceId,
      actor,
      payload: { deliveryId: row!.id },
    });
    return {
      id: row!.id,
      eventId: row!.eventId,
      eventType: row!.eventType,
      status: row!.status,
      attempts: row!.attempts,
      responseStatus: null,
      responseBody: null,
      durationMs: null,
      nextAttemptAt: iso(row!.nextAttemptAt),
      lastAttemptAt: null,
      createdAt: iso(row!.createdAt),
    };
  });
}

/**
 * Sends the sample `webhook.test` event to the endpoint and waits for its answer (the Test button;
 * webhooks/test-event.ts), disabled or not. Any member may test.
 * @throws AppError NOT_FOUND for another workspace's endpoint.
 */
export async function testEndpoint(
  deps: WebhookDeliveryDeps,
  actor: Actor,
  endpointId: string,
): Promise<WebhookTestResult> {
  await ownEndpoint(deps.db, actor.workspaceId, endpointId);
  const result = await sendTestEvent(deps, { id: endpointId, workspaceId: actor.workspaceId });
  return {
    deliveryId: result.deliveryId,
    status: result.status,
    responseStatus: result.responseStatus,
    durationMs: result.durationMs,
    responseBody: result.responseBody,
  };
}
