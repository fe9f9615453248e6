import { z } from 'zod';
import {
  chunked,
  DataProviderError,
  failureMessage,
  failureOfStatus,
  jsonOrNull,
  parseJson,
  providerRequest,
  shapedAnswer,
  type DataProvider,
  type ProviderBacklink,
  type ProviderMetric,
} from './data-provider';

/** The Moz Links API v2 host (https://moz.com/api/docs/links/getting-started). */
export const MOZ_URL = 'https://lsapi.seomoz.com';
const NAME = 'Moz';
/** url_metrics takes at most 50 targets a request; links answers at most 50 a page. */
const TARGETS_PER_REQUEST = 50;
const LINKS_PER_PAGE = 50;

const errorAnswer = z.object({
  message: z.string().optional(),
  error_message: z.string().optional(),
  name: z.string().optional(),
});
const urlMetricsAnswer = z.object({
  results: z.array(
    z.object({
      root_domain: z.string().optional(),
      domain_authority: z.number().nullable().optional(),
      spam_score: z.number().nullable().optional(),
    }),
  ),
});
const linksAnswer = z.object({
  next_token: z.string().nullable().optional(),
  results: z.array(
    z.object({
      source: z.object({
        page: z.string(),
        root_domain: z.string().optional(),
        domain_authority: z.number().nullable().optional(),
      }),
      target: z.object({ page: z.string() }),
      anchor_text: z.string().nullable().optional(),
      nofollow: z.boolean().optional(),
      date_first_seen: z.string().nullable().optional(),
    }),
  ),
});
const usageAnswer = z.object({ rows_consumed: z.number() });

/** Moz writes pages without a scheme ("moz.com/blog/"); a link needs one to be read as a URL. */
const withScheme = (page: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(page) ? page : `http://${page}`);

/**
 * The Moz Links API v2 (HTTP Basic auth with the Access ID and Secret key; JSON bodies by POST):
 * Domain Authority and Spam Score from `POST /v2/url_metrics` (`targets`, 50 a request, answered
 * in the same order), backlinks from `POST /v2/links` (`target_scope: root_domain`, `filter:
 * external`, 50 a page followed by `next_token`), the key checked with `POST /v2/usage_data`. A
 * row of the plan is spent per target and per link answered.
 */
export function mozProvider(accessId: string, secretKey: string, baseUrl = MOZ_URL): DataProvider {
  const auth = `Basic ${Buffer.from(`${accessId}:${secretKey}`).toString('base64')}`;
  const post = async (path: string, body: unknown, signal?: AbortSignal) => {
    const { status, text } = await providerRequest(NAME, `${baseUrl.replace(/\/+$/, '')}/v2/${path}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    const failure = failureOfStatus(status);
    if (failure) {
      const said = errorAnswer.safeParse(jsonOrNull(text));
      const detail = said.success
        ? (said.data.message ?? said.data.error_message ?? said.data.name ?? '')
        : '';
      throw new DataProviderError(failure, failureMessage(NAME, failure, detail));
    }
    return parseJson(NAME, text);
  };
  return {
    id: 'moz',
    name: NAME,
    source: 'moz',
    async domainMetrics(domains, signal) {
      const found = new Map<string, ProviderMetric[]>();
      for (const group of chunked(domains, TARGETS_PER_REQUEST)) {
        const answer = shapedAnswer(
          NAME,
          urlMetricsAnswer,
          await post('url_metrics', { targets: group }, signal),
        );
        answer.results.forEach((result, index) => {
          const domain = group[index];
          if (!domain) return;
          const metrics: ProviderMetric[] = [];
          if (result.domain_authority != null)
            metrics.push({ source: 'moz', metric: 'da', value: result.domain_authority });
          // Moz answers -1 when it has no Spam Score for the site.
          if (result.spam_score != null && result.spam_score >= 0)
            metrics.push({ source: 'moz', metric: 'spam_score', value: result.spam_score });
          if (metrics.length) found.set(domain, metrics);
        });
      }
      return found;
    },
    async backlinks(target, limit, signal) {
      const links: ProviderBacklink[] = [];
      let nextToken: string | null | undefined;
      do {
        const answer = shapedAnswer(
          NAME,
          linksAnswer,
          await post(
            'links',
            {
              target: `${target}/`,
              target_scope: 'root_domain',
              filter: 'external',
              sort: 'source_domain_authority',
              limit: Math.min(LINKS_PER_PAGE, limit - links.length),
              ...(nextToken ? { next_token: nextToken } : {}),
            },
            signal,
          ),
        );
        for (const link of answer.results)
          links.push({
            pageUrl: withScheme(link.source.page),
            targetUrl: withScheme(link.target.page),
            anchor: link.anchor_text ?? '',
            rel: link.nofollow === undefined ? null : link.nofollow ? 'nofollow' : '',
            firstSeen: link.date_first_seen?.slice(0, 10) ?? null,
            domainMetric:
              link.source.domain_authority == null
                ? null
                : { source: 'moz', metric: 'da', value: link.source.domain_authority },
          });
        nextToken = answer.results.length ? answer.next_token : null;
      } while (nextToken && links.length < limit);
      return links.slice(0, limit);
    },
    estimateCost(work) {
      return { kind: 'units', units: work.kind === 'metrics' ? work.domains : work.limit, unitName: 'rows' };
    },
    async checkConnection(signal) {
      const now = Math.floor(Date.now() / 1000);
      const monthStart = new Date();
      monthStart.setUTCDate(1);
      monthStart.setUTCHours(0, 0, 0, 0);
      const answer = shapedAnswer(
        NAME,
        usageAnswer,
        await post('usage_data', { start: String(monthStart.getTime() / 1000), end: String(now) }, signal),
      );
      return `Connected: ${answer.rows_consumed.toLocaleString('en-US')} rows used this month.`;
    },
  };
}
