import Papa from 'papaparse';
import { forEachConcurrent } from '../discovery/for-each-concurrent';
import {
  DataProviderError,
  failureMessage,
  failureOfStatus,
  providerRequest,
  type DataProvider,
  type ProviderFailure,
  type ProviderMetric,
} from './data-provider';

/** The Semrush API's hosts: reports on api.semrush.com, the unit balance on www.semrush.com. */
export const SEMRUSH_API_URL = 'https://api.semrush.com';
export const SEMRUSH_WWW_URL = 'https://www.semrush.com';
const NAME = 'Semrush';
/** Backlinks reports cost 40 API units per line answered (https://developer.semrush.com/api/basics/api-units/). */
const UNITS_PER_LINE = 40;
/** backlinks_overview requests in flight at once (Semrush allows 10 a second). */
const CONCURRENCY = 4;
const BACKLINK_COLUMNS = ['source_url', 'target_url', 'anchor', 'nofollow', 'first_seen'] as const;

/**
 * The failure of a Semrush error line ("ERROR 132 :: API UNITS BALANCE IS ZERO";
 * https://developer.semrush.com/api/basics/api-errors/): 120–122 and 130 the key or API access,
 * 131–134 the units and limits; null for 50 "NOTHING FOUND", which is an empty answer.
 */
function failureOfError(code: number): ProviderFailure | null {
  if (code === 50) return null;
  if ((code >= 120 && code <= 122) || code === 130) return 'auth';
  if (code >= 131 && code <= 134) return 'credits';
  return 'refused';
}

/**
 * The Semrush Analytics API v1 (the API key as the `key` parameter; answers are lines of
 * `;`-separated values under a header line, or one `ERROR n :: text` line, usually with HTTP 200):
 * Authority Score from `type=backlinks_overview` (one target a request), backlinks from
 * `type=backlinks`, the key checked with the free unit balance `GET /users/countapiunits.html`.
 */
export function semrushProvider(
  apiKey: string,
  urls: { api: string; www: string } = { api: SEMRUSH_API_URL, www: SEMRUSH_WWW_URL },
): DataProvider {
  /** The answer's rows (header line dropped), [] for "nothing found". */
  const report = async (query: Record<string, string>, signal?: AbortSignal): Promise<string[][]> => {
    const url = `${urls.api.replace(/\/+$/, '')}/analytics/v1/?${new URLSearchParams({ key: apiKey, ...query })}`;
    const { status, text } = await providerRequest(NAME, url, { signal });
    const error = /^ERROR (\d+) :: (.*)$/m.exec(text.trim());
    if (error) {
      const failure = failureOfError(Number(error[1]));
      if (!failure) return [];
      throw new DataProviderError(failure, failureMessage(NAME, failure, error[0]));
    }
    const failure = failureOfStatus(status);
    if (failure) throw new DataProviderError(failure, failureMessage(NAME, failure));
    const parsed = Papa.parse<string[]>(text.trim(), { delimiter: ';', skipEmptyLines: true });
    return parsed.data.slice(1);
  };
  const cell = (row: string[], columns: readonly string[], name: string) => row[columns.indexOf(name)] ?? '';
  return {
    id: 'semrush',
    name: NAME,
    source: 'semrush',
    async domainMetrics(domains, signal) {
      const found = new Map<string, ProviderMetric[]>();
      await forEachConcurrent(domains, CONCURRENCY, async (domain) => {
        const [row] = await report(
          {
            type: 'backlinks_overview',
            target: domain,
            target_type: 'root_domain',
            export_columns: 'ascore',
          },
          signal,
        );
        const value = Number(row?.[0]);
        if (row && row[0] !== '' && Number.isFinite(value))
          found.set(domain, [{ source: 'semrush', metric: 'authority_score', value }]);
      });
      return found;
    },
    async backlinks(target, limit, signal) {
      const rows = await report(
        {
          type: 'backlinks',
          target,
          target_type: 'root_domain',
          export_columns: BACKLINK_COLUMNS.join(','),
          display_limit: String(limit),
        },
        signal,
      );
      return rows.map((row) => {
        const firstSeen = Number(cell(row, BACKLINK_COLUMNS, 'first_seen'));
        const nofollow = cell(row, BACKLINK_COLUMNS, 'nofollow');
        return {
          pageUrl: cell(row, BACKLINK_COLUMNS, 'source_url'),
          targetUrl: cell(row, BACKLINK_COLUMNS, 'target_url'),
          anchor: cell(row, BACKLINK_COLUMNS, 'anchor'),
          rel: nofollow === '' ? null : nofollow === 'true' ? 'nofollow' : '',
          // A Unix time in seconds.
          firstSeen: firstSeen > 0 ? new Date(firstSeen * 1000).toISOString().slice(0, 10) : null,
          domainMetric: null,
        };
      });
    },
    estimateCost(work) {
      return {
        kind: 'units',
        units: UNITS_PER_LINE * (work.kind === 'metrics' ? work.domains : work.limit),
        unitName: 'API units',
      };
    },
    async checkConnection(signal) {
      const url = `${urls.www.replace(/\/+$/, '')}/users/countapiunits.html?${new URLSearchParams({ key: apiKey })}`;
      const { status, text } = await providerRequest(NAME, url, { signal });
      const error = /^ERROR (\d+) :: (.*)$/m.exec(text.trim());
      const failure = error ? (failureOfError(Number(error[1])) ?? 'refused') : failureOfStatus(status);
      if (failure) throw new DataProviderError(failure, failureMessage(NAME, failure, error?.[0] ?? ''));
      const units = Number(text.trim());
      if (!Number.isFinite(units))
        throw new DataProviderError('bad_answer', failureMessage(NAME, 'bad_answer'));
      return `Connected: ${units.toLocaleString('en-US')} API units left.`;
    },
  };
}
