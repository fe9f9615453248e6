// @vitest-environment jsdom
import '../test/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import type { HeadHandle } from '../lib/page-head';
import { campaignDetailFixture } from '../test/fixtures';
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

const campaign = campaignDetailFixture({
  name: 'Autumn Roast Launch',
  websiteUrl: 'https://roastery.example',
});

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
