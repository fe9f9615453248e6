// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths } from '#shared/paths';
import { campaignListPath, firstCampaignListQuery } from '#web/features/campaigns/api/campaign-list-query';
import { createQueryClient } from '#web/lib/query-client';
import { json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { Providers } from '../providers';
import { routes } from '../router';
import { prefetch as campaignsPrefetch } from './campaigns';
import { prefetch as dashboardPrefetch } from './dashboard';

describe('the dashboard routes’ prefetch', () => {
  it('fills the queries the campaign list renders with: one request each', async () => {
    const listUrl = campaignListPath(firstCampaignListQuery);
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${listUrl}`]: () => json(200, { items: [], total: 0, page: 1, pageSize: 20, nextCursor: null }),
    });
    const client = createQueryClient();
    await Promise.all([dashboardPrefetch(client), campaignsPrefetch(client)]);
    render(
      <Providers client={client}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [paths.dashboard] })} />
      </Providers>,
    );
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
    expect(sentTo(api, 'GET', apiPaths.me)).toHaveLength(1);
    expect(sentTo(api, 'GET', listUrl)).toHaveLength(1);
  });
});
