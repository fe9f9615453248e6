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
  type ProviderFailure,
  type ProviderMetric,
} from './data-provider';

/** DataForSEO's API host (https://docs.dataforseo.com/v3/). */
export const DATAFORSEO_API_URL = 'https://api.dataforseo.com';
const NAME = 'DataForSEO';
/** DataForSEO reports success as status code 20000 (of the answer and of each task). */
const OK = 20000;
/** bulk_ranks takes at most 1,000 targets a task. */
const TARGETS_PER_TASK = 1_000;
/**
 * The Backlinks API's price (https://dataforseo.com/pricing/backlinks/backlinks-api): a task costs
 * $0.02 plus $0.00003 per row answered; kept in micro-dollars here, shown rounded up to the cent.
 */
const MICRO_USD_PER_TASK = 20_000;
const MICRO_USD_PER_ROW = 30;
const MICRO_USD_PER_CENT = 10_000;

const answerShape = <T extends z.ZodType>(item: T) =>
  z.object({
    status_code: z.number(),
    status_message: z.string().default(''),
    tasks: z
      .array(
        z.object({
          status_code: z.number(),
          status_message: z.string().default(''),
          result: z
            .array(z.object({ items: z.array(item).nullable().default([]) }).passthrough())
            .nullable()
            .default([]),
        }),
      )
      .nullable()
      .default([]),
  });
const rankItem = z.object({ target: z.string(), rank: z.number().nullable() });
const backlinkItem = z.object({
  url_from: z.string(),
  url_to: z.string(),
  anchor: z.string().nullable().optional(),
  dofollow: z.boolean().optional(),
  attributes: z.array(z.string()).nullable().optional(),
  first_seen: z.string().nullable().optional(),
  domain_from_rank: z.number().nullable().optional(),
});
const userDataAnswer = z.object({
  status_code: z.number(),
  status_message: z.string().default(''),
  tasks: z.array(
    z.object({
      status_code: z.number(),
      status_message: z.string().default(''),
      result: z
        .array(
          z.object({ login: z.string().optional(), money: z.object({ balance: z.number() }).optional() }),
        )
        .nullable()
        .default([]),
    }),
  ),
});

/**
 * The failure a DataForSEO status code means (https://docs.dataforseo.com/v3/appendix/errors/):
 * 401xx authentication, 40202 and 40209 request limits, other 402xx payment, 5xxxx internal.
 */
function failureOfCode(code: number): ProviderFailure {
  if (code >= 40100 && code < 40200) return 'auth';
  if (code === 40202 || code === 40209) return 'rate_limit';
  if (code >= 40200 && code < 40300) return 'credits';
  if (code >= 50000) return 'unavailable';
  return 'refused';
}

/**
 * DataForSEO (HTTP Basic auth with the API login and password; tasks posted as a JSON array):
 * domain ranks from `POST /v3/backlinks/bulk_ranks/live` (1,000 targets a task), backlinks from
 * `POST /v3/backlinks/backlinks/live` (`mode: one_per_domain`), the account checked with the free
 * `GET /v3/appendix/user_data`. Errors come as status codes of the answer or of its task, often
 * with HTTP 200.
 */
export function dataForSeoDataProvider(
  login: string,
  password: string,
  baseUrl = DATAFORSEO_API_URL,
): DataProvider {
  const auth = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  const call = async (path: string, body?: unknown, signal?: AbortSignal) => {
    const { status, text } = await providerRequest(NAME, `${baseUrl.replace(/\/+$/, '')}/v3/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const said = z
      .object({ status_code: z.number(), status_message: z.string().default('') })
      .safeParse(jsonOrNull(text));
    const failure = failureOfStatus(status);
    if (failure) {
      const kind = said.success ? failureOfCode(said.data.status_code) : failure;
      throw new DataProviderError(
        kind,
        failureMessage(NAME, kind, said.success ? said.data.status_message : ''),
      );
    }
    return parseJson(NAME, text);
  };
  /** The first task's result of an answer, or the error its status codes say. */
  const firstResult = <T extends z.ZodType>(item: T, answer: unknown) => {
    const parsed = shapedAnswer(NAME, answerShape(item), answer);
    const task = parsed.tasks?.[0];
    const code = parsed.status_code !== OK ? parsed.status_code : (task?.status_code ?? OK);
    if (code !== OK) {
      const kind = failureOfCode(code);
      throw new DataProviderError(
        kind,
        failureMessage(NAME, kind, task?.status_message || parsed.status_message),
      );
    }
    return (task?.result ?? []).flatMap((r) => (r.items ?? []) as z.output<T>[]);
  };
  return {
    id: 'dataforseo',
    name: NAME,
    source: 'dataforseo',
    async domainMetrics(domains, signal) {
      const found = new Map<string, ProviderMetric[]>();
      for (const group of chunked(domains, TARGETS_PER_TASK)) {
        const items = firstResult(
          rankItem,
          await call('backlinks/bulk_ranks/live', [{ targets: group, rank_scale: 'one_thousand' }], signal),
        );
        for (const item of items)
          if (item.rank !== null && group.includes(item.target))
            found.set(item.target, [{ source: 'dataforseo', metric: 'rank', value: item.rank }]);
      }
      return found;
    },
    async backlinks(target, limit, signal) {
      const items = firstResult(
        backlinkItem,
        await call(
          'backlinks/backlinks/live',
          [
            {
              target,
              mode: 'one_per_domain',
              include_subdomains: true,
              order_by: ['domain_from_rank,desc'],
              limit,
              rank_scale: 'one_thousand',
            },
          ],
          signal,
        ),
      );
      return items.map((b) => ({
        pageUrl: b.url_from,
        targetUrl: b.url_to,
        anchor: b.anchor ?? '',
        rel: b.attributes
          ? (['nofollow', 'ugc', 'sponsored'] as const).filter((a) => b.attributes!.includes(a)).join(' ')
          : b.dofollow === undefined
            ? null
            : b.dofollow
              ? ''
              : 'nofollow',
        firstSeen: b.first_seen?.slice(0, 10) ?? null,
        domainMetric:
          b.domain_from_rank == null
            ? null
            : { source: 'dataforseo', metric: 'rank', value: b.domain_from_rank },
      }));
    },
    estimateCost(work) {
      const rows = work.kind === 'metrics' ? work.domains : work.limit;
      // One task a backlinks request, one a 1,000 targets of metrics; none for no work.
      const tasks = rows === 0 ? 0 : work.kind === 'metrics' ? Math.ceil(rows / TARGETS_PER_TASK) : 1;
      const micro = tasks * MICRO_USD_PER_TASK + rows * MICRO_USD_PER_ROW;
      return { kind: 'money', amountMinor: Math.ceil(micro / MICRO_USD_PER_CENT), currency: 'USD' };
    },
    async checkConnection(signal) {
      const answer = shapedAnswer(NAME, userDataAnswer, await call('appendix/user_data', undefined, signal));
      const task = answer.tasks[0];
      const code = answer.status_code !== OK ? answer.status_code : (task?.status_code ?? OK);
      if (code !== OK) {
        const kind = failureOfCode(code);
        throw new DataProviderError(
          kind,
          failureMessage(NAME, kind, task?.status_message || answer.status_message),
        );
      }
      const balance = task?.result?.[0]?.money?.balance;
      return balance === undefined
        ? 'Connected.'
        : `Connected: a balance of ${balance.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}.`;
    },
  };
}
