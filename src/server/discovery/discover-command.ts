import Papa from 'papaparse';
import { parseArgs } from 'node:util';
import { safeCsvCell } from '../../shared/csv-cell';
import { limits } from '../../shared/limits';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { CrawlStore } from './crawl-store';
import { Crawler } from './crawler';
import { discoverProspects, type DiscoveredProspect, type DiscoveryResult } from './discover';
import { crawlerSettings, discoveryLimits, discoveryProviders } from './settings';

export const discoverUsage = `  discover --site URL [--competitor URL]... [--target N] [--format json|csv] [--max-pages N] [--in-memory]
                      find prospects for a site without the web UI; prints them on stdout,
                      progress on stderr (--in-memory: keep the crawl out of the app database)`;

/** The options of `cli discover`. @throws Error with a usage hint on bad arguments. */
export function parseDiscoverArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      site: { type: 'string' },
      competitor: { type: 'string', multiple: true, default: [] },
      target: { type: 'string', default: '20' },
      format: { type: 'string', default: 'json' },
      'max-pages': { type: 'string' },
      'in-memory': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const target = Number(values.target);
  if (!values.site) throw new Error('discover needs --site URL');
  if (!Number.isInteger(target) || target < 1 || target > limits.maxAiProspects) {
    throw new Error(`--target must be a whole number from 1 to ${limits.maxAiProspects}`);
  }
  if (values.competitor.length > limits.maxCompetitors)
    throw new Error(`At most ${limits.maxCompetitors} competitors`);
  if (values.format !== 'json' && values.format !== 'csv') throw new Error('--format must be json or csv');
  const maxPages = values['max-pages'] === undefined ? undefined : Number(values['max-pages']);
  if (maxPages !== undefined && (!Number.isInteger(maxPages) || maxPages < 1))
    throw new Error('--max-pages must be a positive whole number');
  return {
    site: values.site,
    competitors: values.competitor,
    target,
    format: values.format,
    maxPages,
    inMemory: values['in-memory'],
  };
}

const CSV_COLUMNS: (keyof DiscoveredProspect)[] = [
  'website',
  'domain',
  'contactEmail',
  'contactName',
  'alternativeEmails',
  'daScore',
  'relevanceScore',
  'opportunityType',
  'sourcePageUrl',
  'sourceLinkUrl',
  'sourceAnchorText',
];

/** Prospects as CSV (header row, formula-safe cells, alternatives joined by spaces). */
export function prospectsCsv(prospects: readonly DiscoveredProspect[]): string {
  const rows = prospects.map((p) =>
    CSV_COLUMNS.map((column) => {
      const value = p[column];
      return safeCsvCell(Array.isArray(value) ? value.join(' ') : value);
    }),
  );
  return Papa.unparse({ fields: CSV_COLUMNS, data: rows });
}

/**
 * Runs discovery for a site and its competitors with the app's settings and database, printing
 * progress to stderr. Returns the result for the caller to print.
 */
export async function runDiscoverCommand(
  options: ReturnType<typeof parseDiscoverArgs>,
  config: Config,
  handle: DatabaseHandle,
): Promise<DiscoveryResult> {
  const crawler = new Crawler(crawlerSettings(config));
  let last = -1;
  try {
    return await discoverProspects(
      {
        siteUrl: options.site,
        competitors: options.competitors,
        target: options.target,
        skipDomains: new Set(),
      },
      {
        crawler,
        store: new CrawlStore(handle.db),
        ...discoveryProviders(config),
        limits: { ...discoveryLimits(config), ...(options.maxPages ? { maxPages: options.maxPages } : {}) },
        onProgress: ({ percent, pagesCrawled, prospectsFound }) => {
          if (percent === last) return;
          last = percent;
          process.stderr.write(
            `[discover] ${percent}% · ${pagesCrawled} pages · ${prospectsFound} prospects\n`,
          );
        },
      },
    );
  } finally {
    await crawler.close();
  }
}
