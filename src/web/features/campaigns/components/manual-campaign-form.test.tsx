// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import { campaignFixture } from '#web/test/fixtures';
import { json, mockApi, sentTo } from '#web/test/mock-api';
import { ManualCampaignForm } from './manual-campaign-form';

const campaignId = 'c0ffee00-0000-4000-8000-0000000000aa';
const addUrl = withId(apiPaths.campaignProspects, campaignId);
// What the server answers once it created the campaign the form filled in.
const campaign = campaignFixture({ id: campaignId, name: 'Spring', websiteUrl: 'https://mysite.example' });

function renderForm(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi(handlers);
  const router = createMemoryRouter(
    [
      { path: '/', element: <ManualCampaignForm onBack={() => {}} /> },
      { path: '/dashboard/campaigns/:id', element: <p>Campaign page</p> },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router, user: userEvent.setup() };
}

async function fillAndUpload(user: ReturnType<typeof userEvent.setup>, csv: string) {
  await user.type(screen.getByLabelText('Campaign name'), 'Spring');
  await user.type(screen.getByLabelText('Website URL'), 'mysite.example');
  await user.upload(
    screen.getByLabelText('Prospects CSV file'),
    new File([csv], 'prospects.csv', { type: 'text/csv' }),
  );
}

describe('ManualCampaignForm import preview', () => {
  it('lists the bad rows with their numbers and imports only the valid ones', async () => {
    const { api, router, user } = renderForm({
      [`POST ${apiPaths.campaigns}`]: () => json(201, campaign),
    });
    await fillAndUpload(
      user,
      [
        'Website,Email,Name,Notes,Campaign',
        'alpha.example,ann@alpha.example,Ann,"said ""hi""",Old',
        'beta.example,not-an-email,Bob,,Old',
        '',
        ',orphan@x.example,,,Old',
        'gamma.example,,,,Old',
      ].join('\n'),
    );
    expect(await screen.findByText('2 prospects ready to import')).toBeInTheDocument();
    expect(screen.getByText('2 rows will be skipped:')).toBeInTheDocument();
    const skipped = screen.getByRole('list', { name: 'Skipped rows' });
    expect(skipped).toHaveTextContent('Row 3: Invalid email address');
    expect(skipped).toHaveTextContent('Row 5: Website is required');

    await user.click(screen.getByRole('button', { name: 'Import the 2 valid rows and skip 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.campaign(campaignId)));
    const [body] = sentTo(api, 'POST', apiPaths.campaigns) as { prospects: unknown[] }[];
    expect(body!.prospects).toEqual([
      { website: 'alpha.example', contactEmail: 'ann@alpha.example', contactName: 'Ann', notes: 'said "hi"' },
      { website: 'gamma.example', contactEmail: null, contactName: null, notes: null },
    ]);
  });

  it('explains a header-only file and keeps the button disabled', async () => {
    const { user } = renderForm({});
    await fillAndUpload(user, 'website,email,name,notes\n');
    expect(await screen.findByText('This file has no prospects')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Campaign' })).toBeDisabled();
  });

  it('says when no row can be imported and keeps the button disabled', async () => {
    const { user } = renderForm({});
    await fillAndUpload(user, 'website,email\n,a@a.example\nb.example,nope\n');
    expect(await screen.findByText('No row of this file can be imported.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Skipped rows' })).toHaveTextContent(
      'Row 2: Website is requiredRow 3: Invalid email address',
    );
    expect(screen.getByRole('button', { name: 'Create Campaign' })).toBeDisabled();
  });

  it('sends a large file in batches of 1,000 with a progress bar', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { api, router, user } = renderForm({
      [`POST ${apiPaths.campaigns}`]: () => json(201, campaign),
      [`POST ${addUrl}`]: async (body) => {
        const { prospects } = body as { prospects: unknown[] };
        if (sentTo(api, 'POST', addUrl).length === 1) await held;
        return json(200, { added: prospects.length, prospects: 0 });
      },
    });
    const rows = Array.from({ length: 2500 }, (_, i) => `site${i}.example`);
    await fillAndUpload(user, `website\n${rows.join('\n')}\n`);
    await user.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    const bar = await screen.findByRole('progressbar', { name: 'Prospect import' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('Imported 1,000 of 2,500 prospects')).toBeInTheDocument();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.campaign(campaignId)));
    const sizes = [...sentTo(api, 'POST', apiPaths.campaigns), ...sentTo(api, 'POST', addUrl)].map(
      (b) => (b as { prospects: unknown[] }).prospects.length,
    );
    expect(sizes).toEqual([1000, 1000, 500]);
  });

  it('moves rows the server refuses to the skipped list, numbered as in the file', async () => {
    const { api, user } = renderForm({
      [`POST ${apiPaths.campaigns}`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Invalid email address',
            issues: [{ path: 'prospects.1.contactEmail', message: 'Invalid email address' }],
          },
        }),
    });
    await fillAndUpload(user, 'website,email\na.example,a@a.example\n\nb.example,b@b.example\nc.example,\n');
    await user.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('list', { name: 'Skipped rows' })).toHaveTextContent(
      'Row 4: Invalid email address',
    );
    expect(screen.getByRole('button', { name: 'Import the 2 valid rows and skip 1' })).toBeEnabled();
    expect(sentTo(api, 'POST', apiPaths.campaigns)).toHaveLength(1);
  });
});
