// @vitest-environment jsdom
import '../../../test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import type { DataProviderView } from '#shared/schemas/data-providers';
import { apiError, json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { DataProvidersTab } from './data-providers-tab';
import { ProviderRunsCard } from './provider-runs-card';

const campaign = { id: 'c0ffee00-0000-4000-8000-00000000000c', competitors: ['https://www.rival.test/'] };
const estimateUrl = withId(apiPaths.providerEstimate, campaign.id);
const backlinksUrl = withId(apiPaths.providerBacklinks, campaign.id);

const view = (provider: DataProviderView['provider'], connected: boolean): DataProviderView => ({
  provider,
  connected,
  keyHint: connected ? 'k123' : null,
  connectedAt: connected ? '2026-11-29T10:00:00.000Z' : null,
  testedAt: null,
  testOk: null,
  testMessage: null,
});
const list = (...connected: DataProviderView['provider'][]) => ({
  items: (['ahrefs', 'moz', 'dataforseo', 'semrush'] as const).map((p) => view(p, connected.includes(p))),
});

function renderWith(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('ProviderRunsCard', () => {
  it('points to Settings when no provider is connected', async () => {
    mockApi({ [`GET ${apiPaths.dataProviders}`]: () => json(200, list()) });
    renderWith(<ProviderRunsCard campaign={campaign} />);
    expect(await screen.findByText('No data provider connected')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open Settings → Data providers' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=data-providers',
    );
  });

  it('shows the cost before a run, what the cache answers free, and a refusal in words', async () => {
    const api = mockApi({
      [`GET ${apiPaths.dataProviders}`]: () => json(200, list('ahrefs')),
      [`POST ${estimateUrl}`]: (body) =>
        (body as { kind: string }).kind === 'metrics'
          ? json(200, {
              provider: 'ahrefs',
              toFetch: 12,
              cached: 3,
              cachedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
              leftOver: 40,
              cost: { kind: 'units', units: 600, unitName: 'API units' },
            })
          : json(200, {
              provider: 'ahrefs',
              toFetch: 1,
              cached: 0,
              cachedAt: null,
              leftOver: 0,
              cost: { kind: 'units', units: 1800, unitName: 'API units' },
            }),
      [`POST ${backlinksUrl}`]: () =>
        apiError(502, 'PROVIDER_ERROR', 'Ahrefs refused the API key. Check it in Settings → Data providers.'),
    });
    renderWith(<ProviderRunsCard campaign={campaign} />);
    expect(await screen.findByText('Expected cost: 1,800 API units')).toBeVisible();
    const metrics = await screen.findByTestId('estimate-metrics');
    expect(metrics).toHaveTextContent(
      'Expected cost: 600 API units for 12 domains · 3 domains from the cache, fetched 2 days ago, free · 40 more domains wait for the next run',
    );
    // The competitor starts as the campaign's first, as a domain.
    expect(screen.getByRole('textbox', { name: /Competitor/ })).toHaveValue('rival.test');
    fireEvent.click(screen.getByRole('button', { name: 'Get competitor backlinks from Ahrefs API v3' }));
    await waitFor(() =>
      expect(sentTo(api, 'POST', backlinksUrl)).toEqual([
        { provider: 'ahrefs', target: 'rival.test', limit: 200 },
      ]),
    );
    expect(
      await screen.findByText('Ahrefs refused the API key. Check it in Settings → Data providers.'),
    ).toBeVisible();
  });
});

describe('DataProvidersTab', () => {
  it('connects a provider with the fields it needs, checked before sending, and tests it', async () => {
    const api = mockApi({
      [`GET ${apiPaths.dataProviders}`]: () => json(200, list('ahrefs')),
      [`PUT ${withId(apiPaths.dataProvider, 'moz')}`]: () => json(200, view('moz', true)),
      [`POST ${withId(apiPaths.dataProviderTest, 'ahrefs')}`]: () =>
        json(200, { ok: true, message: 'Connected: 10 API units left.' }),
    });
    renderWith(<DataProvidersTab user={testUser} />);
    expect(await screen.findByText('Connected · key …k123')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Moz Links API' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('Access ID is required')).toBeVisible();
    expect(screen.getByText('Secret key is required')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Access ID'), { target: { value: 'mozscape-id' } });
    fireEvent.change(screen.getByLabelText('Secret key'), { target: { value: 'moz-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await waitFor(() =>
      expect(sentTo(api, 'PUT', withId(apiPaths.dataProvider, 'moz'))).toEqual([
        { provider: 'moz', login: 'mozscape-id', password: 'moz-secret' },
      ]),
    );
    // Only Ahrefs is connected: its card alone has the button.
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: 10 API units left.')).toBeVisible();
    expect(sentTo(api, 'POST', withId(apiPaths.dataProviderTest, 'ahrefs'))).toHaveLength(1);
  });

  it('shows members without Full Access which providers are connected, without buttons', async () => {
    mockApi({ [`GET ${apiPaths.dataProviders}`]: () => json(200, list('semrush')) });
    renderWith(
      <DataProvidersTab user={{ ...testUser, workspace: { ...testUser.workspace, role: 'member' } }} />,
    );
    expect(await screen.findByText('Only members with Full Access connect data providers.')).toBeVisible();
    expect(screen.getByText('Connected · key …k123')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when the list cannot be loaded', async () => {
    mockApi({ [`GET ${apiPaths.dataProviders}`]: () => apiError(500, 'INTERNAL', 'boom') });
    renderWith(<DataProvidersTab user={testUser} />);
    expect(await screen.findByText('Failed to load the data providers')).toBeVisible();
  });
});
