import { apiPaths, withQuery } from '#shared/paths';
import type { CampaignListQuery } from '#shared/schemas/campaigns';

/** Campaigns per page of the list. */
export const CAMPAIGN_PAGE_SIZE = 20;

/** What the campaign list shows first: every campaign, newest first, page 1. */
export const firstCampaignListQuery = {
  status: 'all',
  search: '',
  page: 1,
  pageSize: CAMPAIGN_PAGE_SIZE,
  order: 'desc',
} as const satisfies CampaignListQuery;

/**
 * URL of one page of the campaign list (GET /api/campaigns). Kept free of zod and React: the server
 * preloads the first page with the dashboard's HTML, and the browser must ask for the very same URL.
 */
export function campaignListPath(query: CampaignListQuery): string {
  return withQuery(apiPaths.campaigns, query);
}
