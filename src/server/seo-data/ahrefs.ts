import { z } from 'zod';
import { forEachConcurrent } from '../discovery/for-each-concurrent';
import {
  DataProviderError,
  failureMessage,
  failureOfStatus,
  jsonOrNull,
  parseJson,
  providerRequest,
  shapedAnswer,
  type DataProvider,
  type ProviderMetric,
} from './data-provider';

/** Ahrefs API v3's host (https://docs.ahrefs.com/api). */
export const AHREFS_URL = 'https://api.ahrefs.com';
const NAME = 'Ahrefs';
/**
 * Ahrefs' units per request: max(50, per-row cost × rows), a field costing 1 unit unless its docs say
 * more (https://docs.ahrefs.com/api/docs/limits-consumption). Domain rating is one row of two fields,
 * so 50 units per domain; a backlink row costs one unit per field selected.
 */
const BASE_COST = 50;
const BACKLINK_FIELDS = [
  'url_from',
  'url_to',
  'anchor',
  'domain_rating_source',
  'is_dofollow',
  'is_nofollow',
  'is_ugc',
  'is_sponsored',
  'first_seen',
] as const;
/** Domain-rating requests in flight at once (Ahrefs allows 60 a minute by default). */
const CONCURRENCY = 4;

const errorAnswer = z.object({ error: z.string() });
const domainRatingAnswer = z.object({
  domain_rating: z.object({
    domain_rating: z.number().nullable(),
    ahrefs_rank: z.number().nullable().optional(),
  }),
});
const backlinksAnswer = z.object({
  backlinks: z.array(
    z.object({
      url_from: z.string(),
      url_to: z.string(),
      anchor: z.string().nullable().optional(),
      domain_rating_source: z.number().nullable().optional(),
      is_dofollow: z.boolean().optional(),
      is_nofollow: z.boolean().optional(),
      is_ugc: z.boolean().optional(),
      is_sponsored: z.boolean().optional(),
      first_seen: z.string().nullable().optional(),
    }),
  ),
});
const limitsAnswer = z.object({
  limits_and_usage: z.object({
    subscription: z.string().nullable().optional(),
    units_limit_workspace: z.number().nullable().optional(),
    units_usage_workspace: z.number().nullable().optional(),
  }),
});

/**
 * Ahrefs API v3 (Bearer API key): Domain Rating from `GET /v3/site-explorer/domain-rating` (one
 * domain per request, `target` and `date`), backlinks from `GET /v3/site-explorer/all-backlinks`
 * (`mode=domain`, `aggregation=1_per_domain`, `history=live`), the key checked with the free
 * `GET /v3/subscription-info/limits-and-usage`. Errors answer `{ "error": "…" }` with the HTTP status.
 */
export function ahrefsProvider(apiKey: string, baseUrl = AHREFS_URL): DataProvider {
  const get = async (path: string, query: Record<string, string>, signal?: AbortSignal) => {
    const url = `${baseUrl.replace(/\/+$/, '')}/v3/${path}?${new URLSearchParams(query)}`;
    const { status, text } = await providerRequest(NAME, url, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      signal,
    });
    const failure = failureOfStatus(status);
    if (failure) {
      const said = errorAnswer.safeParse(jsonOrNull(text));
      const detail = said.success ? said.data.error : '';
      // Ahrefs answers 403 both for a bad key and for a workspace out of API units; its message says which.
      const kind = failure === 'auth' && /unit|limit|quota/i.test(detail) ? 'credits' : failure;
      throw new DataProviderError(kind, failureMessage(NAME, kind, detail));
    }
    return parseJson(NAME, text);
  };
  const shaped = <T>(schema: z.ZodType<T>, answer: unknown) => shapedAnswer(NAME, schema, answer);
  return {
    id: 'ahrefs',
    name: NAME,
    source: 'ahrefs',
    async domainMetrics(domains, signal) {
      const date = new Date().toISOString().slice(0, 10);
      const found = new Map<string, ProviderMetric[]>();
      await forEachConcurrent(domains, CONCURRENCY, async (domain) => {
        const answer = shaped(
          domainRatingAnswer,
          await get('site-explorer/domain-rating', { target: domain, date, output: 'json' }, signal),
        );
        const dr = answer.domain_rating.domain_rating;
        if (dr !== null) found.set(domain, [{ source: 'ahrefs', metric: 'dr', value: dr }]);
      });
      return found;
    },
    async backlinks(target, limit, signal) {
      const answer = shaped(
        backlinksAnswer,
        await get(
          'site-explorer/all-backlinks',
          {
            target,
            mode: 'domain',
            aggregation: '1_per_domain',
            history: 'live',
            select: BACKLINK_FIELDS.join(','),
            order_by: 'domain_rating_source:desc',
            limit: String(limit),
            output: 'json',
          },
          signal,
        ),
      );
      return answer.backlinks.map((b) => ({
        pageUrl: b.url_from,
        targetUrl: b.url_to,
        anchor: b.anchor ?? '',
        rel: [b.is_nofollow && 'nofollow', b.is_ugc && 'ugc', b.is_sponsored && 'sponsored']
          .filter(Boolean)
          .join(' '),
        firstSeen: b.first_seen?.slice(0, 10) ?? null,
        domainMetric:
          b.domain_rating_source == null
            ? null
            : { source: 'ahrefs', metric: 'dr', value: b.domain_rating_source },
      }));
    },
    estimateCost(work) {
      const units =
        work.kind === 'metrics'
          ? work.domains * BASE_COST
          : work.limit && Math.max(BASE_COST, BACKLINK_FIELDS.length * work.limit);
      return { kind: 'units', units, unitName: 'API units' };
    },
    async checkConnection(signal) {
      const answer = shaped(limitsAnswer, await get('subscription-info/limits-and-usage', {}, signal));
      const {
        subscription,
        units_limit_workspace: limit,
        units_usage_workspace: used,
      } = answer.limits_and_usage;
      const left =
        limit == null
          ? 'no unit limit reported'
          : `${Math.max(0, limit - (used ?? 0)).toLocaleString('en-US')} API units left`;
      return `Connected${subscription ? ` (${subscription})` : ''}: ${left}.`;
    },
  };
}
