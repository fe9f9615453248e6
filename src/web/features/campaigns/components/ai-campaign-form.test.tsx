// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, withQuery } from '#shared/paths';
import { campaignMessages as m } from '#shared/schemas/campaigns';
import { json, mockApi, sentTo } from '#web/test/mock-api';
import { chooseOption } from '#web/test/select';
import { AiCampaignForm } from './ai-campaign-form';

function renderForm(
  createAnswer: () => Response | Promise<Response>,
  clients: { id: string; name: string }[] = [],
) {
  const api = mockApi({
    [`GET ${withQuery(apiPaths.emailAccounts, { status: 'connected' })}`]: () => json(200, []),
    [`POST ${apiPaths.campaigns}`]: createAnswer,
    [`GET ${withQuery(apiPaths.clients, { pageSize: 100 })}`]: () =>
      json(200, {
        items: clients.map(clientOf),
        total: clients.length,
        page: 1,
        pageSize: 100,
        nextCursor: null,
      }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <AiCampaignForm onBack={() => {}} /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return api;
}

const clientOf = ({ id, name }: { id: string; name: string }) => ({
  id,
  name,
  logoUrl: null,
  domains: [],
  reportEmails: [],
  campaignCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Campaign name'), 'Spring');
  await userEvent.type(screen.getByLabelText('Website URL'), 'mysite.com');
}

describe('AI campaign form', () => {
  it('shows the server’s field issues under their fields', async () => {
    const nameIssue = 'Campaign name must be at most 200 characters';
    const prospectsIssue = 'Number of prospects must be a whole number';
    renderForm(() =>
      json(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: nameIssue,
          issues: [
            { path: 'name', message: nameIssue },
            { path: 'prospects', message: prospectsIssue },
          ],
        },
      }),
    );
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));

    const name = screen.getByLabelText('Campaign name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)).toHaveTextContent(nameIssue);
    const prospects = screen.getByLabelText('Number of prospects');
    expect(document.getElementById(prospects.getAttribute('aria-describedby')!)).toHaveTextContent(
      prospectsIssue,
    );
    // Every issue found its field: no vague alert on top.
    expect(screen.queryByText(m.createFailed)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal instead of a generic failure when it names no field', async () => {
    renderForm(() => json(409, { error: { code: 'CONFLICT', message: 'Email account not found' } }));
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Email account not found')).toBeInTheDocument();
  });

  it('asks for a client only once the workspace has some, and sends the one picked', async () => {
    renderForm(() => json(409, { error: { code: 'CONFLICT', message: 'Stop here' } }));
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Stop here')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Client (optional)' })).not.toBeInTheDocument();
    cleanup();

    const acme = 'c11e0000-0000-4000-8000-000000000001';
    const api = renderForm(
      () => json(409, { error: { code: 'CONFLICT', message: 'Stop here' } }),
      [{ id: acme, name: 'Acme Roasters' }],
    );
    await fillIn();
    await screen.findByRole('combobox', { name: 'Client (optional)' });
    await chooseOption(userEvent.setup(), 'Client (optional)', 'Acme Roasters');
    await userEvent.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(sentTo(api, 'POST', apiPaths.campaigns)).toHaveLength(1));
    expect(sentTo(api, 'POST', apiPaths.campaigns)[0]).toMatchObject({ clientId: acme, name: 'Spring' });
  });

  it('sends one request for a double click', async () => {
    let answer: (response: Response) => void = () => {};
    const api = renderForm(() => new Promise<Response>((resolve) => (answer = resolve)));
    await fillIn();
    await userEvent.dblClick(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(sentTo(api, 'POST', apiPaths.campaigns)).toHaveLength(1));
    answer(json(409, { error: { code: 'CONFLICT', message: 'Stop here' } }));
    expect(await screen.findByText('Stop here')).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.campaigns)).toHaveLength(1);
  });
});
