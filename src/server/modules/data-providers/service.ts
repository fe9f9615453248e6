import { and, eq } from 'drizzle-orm';
import {
  dataProviderCredentialsSchema,
  dataProviderIds,
  dataProviderInfo,
  dataProviderMessages as m,
  type DataProviderCredentials,
  type DataProviderId,
  type DataProviderView,
} from '../../../shared/schemas/data-providers';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { dataProviderConnections } from '../../db/schema/data-providers';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import { decryptSecret, encryptSecret } from '../../secrets';
import { dataProviderFor, type ProviderUrls } from '../../seo-data/clients';
import { DataProviderError, type DataProvider } from '../../seo-data/data-provider';

/** What the data provider services need: the database, the credentials' key and the providers' hosts. */
export interface DataProviderDeps {
  db: Database;
  /** Encrypts the providers' credentials at rest (derived from APP_SECRET for this one purpose). */
  key: Buffer;
  urls: ProviderUrls;
}

type ConnectionRow = typeof dataProviderConnections.$inferSelect;

const toView = (provider: DataProviderId, row: ConnectionRow | undefined): DataProviderView => ({
  provider,
  connected: Boolean(row),
  keyHint: row?.keyHint ?? null,
  connectedAt: row?.createdAt.toISOString() ?? null,
  testedAt: row?.testedAt?.toISOString() ?? null,
  testOk: row?.testOk ?? null,
  testMessage: row?.testMessage ?? null,
});

function assertFull(actor: Actor): void {
  if (actor.role !== 'full') throw AppError.forbidden(m.fullAccessOnly);
}

/** Every provider LinkPilot speaks, connected in the workspace or not; never a key. */
export async function listDataProviders(db: Database, workspaceId: string): Promise<DataProviderView[]> {
  const rows = await db
    .select()
    .from(dataProviderConnections)
    .where(eq(dataProviderConnections.workspaceId, workspaceId));
  return dataProviderIds.map((id) =>
    toView(
      id,
      rows.find((r) => r.provider === id),
    ),
  );
}

/**
 * Connects a provider with the workspace's own credentials, encrypted at rest (replacing earlier
 * ones and their test result). @throws AppError FORBIDDEN without Full Access; VALIDATION_ERROR
 * when the path and the body name different providers.
 */
export async function connectDataProvider(
  deps: DataProviderDeps,
  actor: Actor,
  provider: DataProviderId,
  credentials: DataProviderCredentials,
): Promise<DataProviderView> {
  assertFull(actor);
  if (credentials.provider !== provider) throw AppError.invalidField('provider', m.saveFailed);
  const keyHint = ('apiKey' in credentials ? credentials.apiKey : credentials.login).slice(-4);
  const values = {
    credentialsEncrypted: encryptSecret(deps.key, JSON.stringify(credentials)),
    keyHint,
    testedAt: null,
    testOk: null,
    testMessage: null,
  };
  const row = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(dataProviderConnections)
      .values({ workspaceId: actor.workspaceId, provider, ...values })
      .onConflictDoUpdate({
        target: [dataProviderConnections.workspaceId, dataProviderConnections.provider],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    await emit(tx, {
      type: 'data_provider.connected',
      workspaceId: actor.workspaceId,
      actor,
      payload: { provider, label: dataProviderInfo[provider].label },
    });
    return saved!;
  });
  return toView(provider, row);
}

/** Removes a provider's credentials. @throws AppError FORBIDDEN without Full Access; NOT_FOUND when it is not connected. */
export async function removeDataProvider(
  db: Database,
  actor: Actor,
  provider: DataProviderId,
): Promise<void> {
  assertFull(actor);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(dataProviderConnections)
      .where(
        and(
          eq(dataProviderConnections.workspaceId, actor.workspaceId),
          eq(dataProviderConnections.provider, provider),
        ),
      )
      .returning({ provider: dataProviderConnections.provider });
    if (!removed.length) throw AppError.notFound(m.notConnected);
    await emit(tx, {
      type: 'data_provider.removed',
      workspaceId: actor.workspaceId,
      actor,
      payload: { provider, label: dataProviderInfo[provider].label },
    });
  });
}

/**
 * The client of a provider the workspace connected, with its decrypted credentials.
 * @throws AppError NOT_FOUND when it is not connected in the workspace.
 */
export async function connectedProvider(
  deps: DataProviderDeps,
  workspaceId: string,
  provider: DataProviderId,
): Promise<DataProvider> {
  const [row] = await deps.db
    .select({ credentials: dataProviderConnections.credentialsEncrypted })
    .from(dataProviderConnections)
    .where(
      and(
        eq(dataProviderConnections.workspaceId, workspaceId),
        eq(dataProviderConnections.provider, provider),
      ),
    );
  if (!row) throw AppError.notFound(m.notConnected);
  const credentials = dataProviderCredentialsSchema.parse(
    JSON.parse(decryptSecret(deps.key, row.credentials)),
  );
  return dataProviderFor(credentials, deps.urls);
}

/** A provider's failure as the API answers it: 502 PROVIDER_ERROR with the sentence in words. */
export function providerAppError(error: unknown): never {
  if (error instanceof DataProviderError) throw new AppError('PROVIDER_ERROR', error.message);
  throw error;
}

/**
 * Tests a connected provider's credentials with its free account endpoint and keeps the result.
 * A refusal is a result too (ok false, in words), not an error. @throws AppError FORBIDDEN without
 * Full Access; NOT_FOUND when it is not connected.
 */
export async function testDataProvider(
  deps: DataProviderDeps,
  actor: Actor,
  provider: DataProviderId,
): Promise<{ ok: boolean; message: string }> {
  assertFull(actor);
  const client = await connectedProvider(deps, actor.workspaceId, provider);
  const result = await client.checkConnection().then(
    (message) => ({ ok: true, message }),
    (error: unknown) => {
      if (error instanceof DataProviderError) return { ok: false, message: error.message };
      throw error;
    },
  );
  await deps.db
    .update(dataProviderConnections)
    .set({ testedAt: new Date(), testOk: result.ok, testMessage: result.message })
    .where(
      and(
        eq(dataProviderConnections.workspaceId, actor.workspaceId),
        eq(dataProviderConnections.provider, provider),
      ),
    );
  return result;
}
