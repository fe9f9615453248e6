import { siteDomain } from '../url-normalize';
import type { ColumnMapping, DomainMetricName, MetricSource } from './formats';

/** One row of an export as LinkPilot keeps it: the site, the link's evidence and its metrics. */
export interface ExportRecord {
  /** The linking site (host without www.); null when the row names none (a link-text report). */
  domain: string | null;
  linkingPage: string | null;
  targetUrl: string | null;
  anchor: string | null;
  /** `nofollow`, `ugc`, `sponsored` (space-separated), '' for a followed link, null when unknown. */
  rel: string | null;
  /** YYYY-MM-DD, or null. */
  firstSeen: string | null;
  metrics: { source: MetricSource; metric: DomainMetricName; value: number }[];
  /** Link intersect: the target sites this row's domain links to. */
  targets: string[];
}

const cell = (row: readonly string[], column: number | undefined) => {
  if (column === undefined) return null;
  const value = row[column]?.trim();
  return value ? value : null;
};

const TRUE = /^(true|yes|1|y|x)$/i;

/** A host or URL as the site's domain; null unless it reads as a dotted host name. */
export function domainOf(value: string | null): string | null {
  if (!value) return null;
  const host = /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
    ? value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#:]/)[0]!
    : value.split(/[/?#:\s]/)[0]!;
  const domain = siteDomain(host.toLowerCase());
  return /^([a-z0-9\p{L}-]+\.)+[a-z\p{L}]{2,}$/u.test(domain) ? domain : null;
}

/** A date as YYYY-MM-DD: ISO dates and date-times as written, other forms as Date reads them. */
export function isoDate(value: string | null): string | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/** A metric cell as a number ("1,456,241", "12.5", "3%"); null when it holds none. */
function metricValue(value: string | null): number | null {
  if (!value) return null;
  const number = Number(value.replace(/[,\s%]/g, ''));
  return Number.isFinite(number) ? number : null;
}

/** The link's rel from a text column ("Nofollow, UGC", "dofollow") and the flag columns. */
function relOf(row: readonly string[], mapping: ColumnMapping): string | null {
  const { fields } = mapping;
  const text = cell(row, fields.rel)?.toLowerCase() ?? null;
  const flags = (['nofollow', 'ugc', 'sponsored'] as const).filter(
    (flag) =>
      TRUE.test(cell(row, fields[flag]) ?? '') || (text !== null && new RegExp(`\\b${flag}\\b`).test(text)),
  );
  if (flags.length) return flags.join(' ');
  const known =
    fields.nofollow !== undefined ||
    fields.ugc !== undefined ||
    fields.sponsored !== undefined ||
    (text !== null && /follow/.test(text));
  return known ? '' : null;
}

/** Reads one parsed row through a mapping (see `ColumnMapping`). */
export function recordFromRow(row: readonly string[], mapping: ColumnMapping): ExportRecord {
  const { fields } = mapping;
  const linkingPage = cell(row, fields.linkingPage);
  const metrics: ExportRecord['metrics'] = [];
  for (const { column, source, metric } of mapping.metrics) {
    const value = metricValue(cell(row, column));
    if (value !== null) metrics.push({ source, metric, value });
  }
  return {
    domain: domainOf(cell(row, fields.domain)) ?? domainOf(linkingPage),
    linkingPage,
    targetUrl: cell(row, fields.targetUrl),
    anchor: cell(row, fields.anchor),
    rel: relOf(row, mapping),
    firstSeen: isoDate(cell(row, fields.firstSeen)),
    metrics,
    targets: mapping.targets
      .filter(({ column }) => {
        const value = cell(row, column);
        return value !== null && value !== '0' && value !== '-';
      })
      .map(({ domain }) => domain),
  };
}
