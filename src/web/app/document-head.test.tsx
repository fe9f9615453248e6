// @vitest-environment jsdom
import '../test/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '../../shared/paths';
import type { CampaignDetail } from '../../shared/schemas/campaigns';
import { prospectStatusSchema, type ProspectStatus } from '../../shared/schemas/prospects';
import type { HeadHandle } from '../lib/page-head';
import { json, mockApi, testUser } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { routes } from './router';

/** Every route that renders a page (not a layout), with the path it is reached at. */
function pageRoutes(list: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const path = !route.path ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    return route.children ? pageRoutes(route.children, path) : [{ path: path || '/', route }];
  });
}

/** The route's head: declared in the route table or exported by its lazy module. */
async function headHandle(route: RouteObject): Promise<HeadHandle | undefined> {
  if (route.handle) return route.handle as HeadHandle;
  const module = typeof route.lazy === 'function' ? await route.lazy() : undefined;
  return (module as { handle?: HeadHandle } | undefined)?.handle;
}

const campaign: CampaignDetail = {
  id: 'c0ffee00-0000-4000-8000-00000000000c',
  name: 'Autumn Roast Launch',
  websiteUrl: 'https://roastery.example',
  status: 'draft',
  type: 'manual',
  competitors: [],
  internalLinks: [],
  emailAccountId: null,
  targetProspects: 0,
  prospects: 0,
  prospectsFound: 0,
  campaignProgress: { enrolled: 0, ended: 0, percent: 0 },
  emailsSent: 0,
  emailsOpened: 0,
  emailsClicked: 0,
  responses: 0,
  successCount: 0,
  progressPercentage: 0,
  owner: null,
  collaborators: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  prospectCounts: Object.fromEntries(prospectStatusSchema.options.map((status) => [status, 0])) as Record<
    ProspectStatus,
    number
  >,
};

describe('document titles', () => {
  it('gives every route a title of its own', async () => {
    const pages = pageRoutes(routes);
    const titles = await Promise.all(
      pages.map(async ({ path, route }) => [path, (await headHandle(route))?.head(undefined).title] as const),
    );
    expect(titles.filter(([, title]) => !title)).toEqual([]);
    const seen = new Map<string, string>();
    for (const [path, title] of titles) {
      expect(seen.get(title!), `${path} and ${seen.get(title!)} share the title ${title}`).toBeUndefined();
      seen.set(title!, path);
    }
    expect(new Map(titles).get(paths.emails)).toBe('Email Accounts');
    expect(new Map(titles).get(paths.dashboard)).toBe('Campaigns');
  });

  it('names a dashboard page, a campaign after its name, and the next page again', async () => {
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${withId(apiPaths.campaign, campaign.id)}`]: () => json(200, campaign),
    });
    const { router } = renderApp(paths.contacts);
    await waitFor(() => expect(document.title).toBe('Contacts | LinkPilot'));
    await router.navigate(paths.campaign(campaign.id));
    expect(await screen.findByRole('heading', { name: campaign.name })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Autumn Roast Launch | LinkPilot'));
    await router.navigate(paths.emails);
    await waitFor(() => expect(document.title).toBe('Email Accounts | LinkPilot'));
  });
});
