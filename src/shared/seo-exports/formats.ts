/**
 * The backlink exports LinkPilot reads, and the fields and third-party metrics it takes from them
 * (docs/decisions/033-backlink-export-import.md).
 */

/** The tools whose exports are recognised; `other` is any CSV the user maps by hand. */
export const exportTools = ['ahrefs', 'semrush', 'moz', 'majestic', 'gsc', 'spamzilla', 'other'] as const;
export type ExportTool = (typeof exportTools)[number];

/** What an export lists, as read from its columns. */
export const exportReports = [
  'backlinks',
  'referring_domains',
  'link_intersect',
  'linking_pages',
  'latest_links',
  'linking_sites',
  'anchors',
  'target_pages',
  'outbound_domains',
  'indexed_pages',
  'domain_list',
  'unknown',
] as const;
export type ExportReport = (typeof exportReports)[number];

/** A link's fields a column can fill. */
export const linkFields = [
  'linkingPage',
  'domain',
  'targetUrl',
  'anchor',
  'rel',
  'nofollow',
  'ugc',
  'sponsored',
  'firstSeen',
] as const;
export type LinkField = (typeof linkFields)[number];

/** The third-party domain metrics kept per domain (domain_metrics.metric). */
export const domainMetricNames = [
  'dr',
  'ur',
  'da',
  'pa',
  'spam_score',
  'authority_score',
  'tf',
  'cf',
  'organic_traffic',
  'rank',
] as const;
export type DomainMetricName = (typeof domainMetricNames)[number];

/** Whose index a metric comes from (domain_metrics.source). */
export const metricSources = ['ahrefs', 'moz', 'semrush', 'majestic', 'dataforseo'] as const;
export type MetricSource = (typeof metricSources)[number];

/** Each metric's usual name and the index that defines it (organic traffic: every tool has its own). */
export const metricLabels: Record<DomainMetricName, { label: string; source: MetricSource | null }> = {
  dr: { label: 'DR', source: 'ahrefs' },
  ur: { label: 'UR', source: 'ahrefs' },
  da: { label: 'DA', source: 'moz' },
  pa: { label: 'PA', source: 'moz' },
  spam_score: { label: 'Spam Score', source: 'moz' },
  authority_score: { label: 'Authority Score', source: 'semrush' },
  tf: { label: 'TF', source: 'majestic' },
  cf: { label: 'CF', source: 'majestic' },
  organic_traffic: { label: 'Organic traffic', source: null },
  /** DataForSEO's 0–1,000 rank of a domain by its referring domains (docs/decisions/046-live-seo-data-providers.md). */
  rank: { label: 'DataForSEO Rank', source: 'dataforseo' },
};

/** Whose index a stored metric is, as people name it (a tooltip's "DR 45 (Ahrefs, 2026-11-02)"). */
export const metricSourceLabels: Record<MetricSource, string> = {
  ahrefs: 'Ahrefs',
  moz: 'Moz',
  semrush: 'Semrush',
  majestic: 'Majestic',
  dataforseo: 'DataForSEO',
};

export const toolLabels: Record<ExportTool, string> = {
  ahrefs: 'Ahrefs',
  semrush: 'Semrush',
  moz: 'Moz Link Explorer',
  majestic: 'Majestic',
  gsc: 'Google Search Console',
  spamzilla: 'SpamZilla',
  other: 'Other CSV',
};

export const reportLabels: Record<ExportReport, string> = {
  backlinks: 'Backlinks',
  referring_domains: 'Referring domains',
  link_intersect: 'Link intersect / backlink gap',
  linking_pages: 'Linking pages',
  latest_links: 'Linking pages with their last crawl',
  linking_sites: 'Top linking sites',
  anchors: 'Link texts (no sites)',
  target_pages: 'Target pages (no sites)',
  outbound_domains: 'Outbound domains',
  indexed_pages: 'Indexed pages',
  domain_list: 'Domain list with metrics',
  unknown: 'Unknown: map the columns',
};

/** Search Console names each export of its Links report after the table it comes from. */
const gscReportLabels: Partial<Record<ExportReport, string>> = {
  latest_links: 'Latest links',
  linking_pages: 'More sample links',
  linking_sites: 'Top linking sites',
  anchors: 'Top linking text',
  target_pages: 'Top target pages',
};

/** A recognised report as its tool calls it (Search Console's Links exports by their own names). */
export const reportLabel = (tool: ExportTool, report: ExportReport) =>
  (tool === 'gsc' ? gscReportLabels[report] : undefined) ?? reportLabels[report];

/**
 * Which column holds what (0-based indexes into the header): the link fields, the metric columns
 * with the index each comes from, and for a link intersect the columns of each target site (a row
 * links to that target when its cell is neither empty nor 0).
 */
export interface ColumnMapping {
  fields: Partial<Record<LinkField, number>>;
  metrics: { column: number; source: MetricSource; metric: DomainMetricName }[];
  targets: { column: number; domain: string }[];
}
