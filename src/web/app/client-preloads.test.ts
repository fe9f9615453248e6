import { describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/paths';
import { campaignListPath, firstCampaignListQuery } from '../features/campaigns/api/campaign-list-query';
import { clientPreloads } from './client-preloads';
import { routes } from './router';

describe('clientPreloads', () => {
  it('names the dashboard frame and campaign list modules and their first requests for /dashboard', () => {
    expect(clientPreloads(routes, '/dashboard')).toEqual({
      modules: ['app/routes/dashboard.tsx', 'app/routes/campaigns.tsx'],
      fetches: [apiPaths.me, campaignListPath(firstCampaignListQuery)],
    });
  });

  it('names a dashboard sub-page with the frame, and the auth screen with the session check', () => {
    expect(clientPreloads(routes, '/dashboard/contacts').modules).toEqual([
      'app/routes/dashboard.tsx',
      'app/routes/contacts.tsx',
    ]);
    expect(clientPreloads(routes, '/login')).toEqual({
      modules: ['app/routes/auth.tsx'],
      fetches: [apiPaths.me],
    });
  });

  it('asks for the first campaign page exactly as the list does', () => {
    expect(campaignListPath(firstCampaignListQuery)).toBe(
      '/api/campaigns?status=all&page=1&pageSize=20&order=desc',
    );
  });
});
