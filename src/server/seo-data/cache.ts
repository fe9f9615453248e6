import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { PROVIDER_CACHE_DAYS, type DataProviderId } from '../../shared/schemas/data-providers';
import type { Database } from '../db/client';
import { dataProviderCache } from '../db/schema/data-providers';

/** A provider's answer kept for reuse, and when it was fetched. */
export interface CachedAnswer {
  answer: unknown;
  fetchedAt: Date;
}

/**
 * The workspace's answers of `provider` to `keys` fetched in the last PROVIDER_CACHE_DAYS days
 * (docs/decisions/046-live-seo-data-providers.md); older ones are asked for again.
 */
export async function freshAnswers(
  db: Database,
  workspaceId: string,
  provider: DataProviderId,
  keys: readonly string[],
): Promise<Map<string, CachedAnswer>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({
      key: dataProviderCache.requestKey,
      answer: dataProviderCache.answer,
      fetchedAt: dataProviderCache.fetchedAt,
    })
    .from(dataProviderCache)
    .where(
      and(
        eq(dataProviderCache.workspaceId, workspaceId),
        eq(dataProviderCache.provider, provider),
        inArray(dataProviderCache.requestKey, [...keys]),
        gt(dataProviderCache.fetchedAt, new Date(Date.now() - PROVIDER_CACHE_DAYS * 86_400_000)),
      ),
    );
  return new Map(rows.map((r) => [r.key, { answer: r.answer, fetchedAt: r.fetchedAt }]));
}

/** Rows per insert statement. */
const CHUNK = 200;

/** Keeps answers just fetched (replacing older ones of the same request). */
export async function keepAnswers(
  db: Database,
  workspaceId: string,
  provider: DataProviderId,
  answers: readonly { key: string; answer: unknown }[],
  fetchedAt: Date,
): Promise<void> {
  for (let i = 0; i < answers.length; i += CHUNK)
    await db
      .insert(dataProviderCache)
      .values(
        answers.slice(i, i + CHUNK).map(({ key, answer }) => ({
          workspaceId,
          provider,
          requestKey: key,
          answer,
          fetchedAt,
        })),
      )
      .onConflictDoUpdate({
        target: [dataProviderCache.workspaceId, dataProviderCache.provider, dataProviderCache.requestKey],
        set: { answer: sql`excluded.answer`, fetchedAt: sql`excluded.fetched_at` },
      });
}

/** The oldest fetch time among cached answers; null for none. */
export const oldestFetch = (answers: Iterable<CachedAnswer>): Date | null =>
  [...answers].reduce<Date | null>(
    (oldest, a) => (!oldest || a.fetchedAt < oldest ? a.fetchedAt : oldest),
    null,
  );
