import { z } from 'zod';

/** User-facing words of prospect discovery (docs/product.md#errors: 'Failed to find prospects'). */
export const discoveryMessages = {
  failed: 'Failed to find prospects',
  alreadyRunning: 'Prospects are already being found for this campaign',
  notRunning: 'No prospect search is running for this campaign',
  started: 'Finding prospects',
  cancelled: 'Prospect search cancelled',
  siteUnreachable: (site: string) => `Could not read ${site}: the site did not answer with a page`,
  timedOut: 'The prospect search ran out of time',
  /** Shown next to DA scores: what our domain authority means. */
  daScoreExplained:
    'LinkPilot Score (0–100) is LinkPilot’s own authority score: PageRank over the links between sites our crawler has seen, on a logarithmic scale. The best-linked site seen scores 100. It is not Moz’s Domain Authority (DA): imported third-party metrics show in their own columns.',
} as const;

export const discoveryRunStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

/** The state of a campaign's latest find-prospects run, as the detail page polls it. */
export const discoveryRunSchema = z.object({
  id: z.uuid(),
  status: z.enum(discoveryRunStatuses),
  /** 0–100. */
  progressPercentage: z.number().int().min(0).max(100),
  prospectsFound: z.number().int().min(0),
  pagesCrawled: z.number().int().min(0),
  /** Why the run failed ('Failed to find prospects: …'); null otherwise. */
  error: z.string().nullable(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type DiscoveryRun = z.infer<typeof discoveryRunSchema>;

/** Why discovery proposed a prospect (the prospects.opportunity_type column). */
export const opportunityTypes = [
  'link_intersect',
  'competitor_backlink',
  'guest_post',
  'resource_page',
  'topical_site',
] as const;
export type OpportunityType = (typeof opportunityTypes)[number];

/** Opportunity types as the UI names them (why discovery proposed a prospect). */
export const opportunityLabels: Record<OpportunityType, string> = {
  link_intersect: 'Links to several competitors',
  competitor_backlink: 'Links to a competitor',
  guest_post: 'Accepts guest posts',
  resource_page: 'Resource page',
  topical_site: 'Same-topic site',
};
