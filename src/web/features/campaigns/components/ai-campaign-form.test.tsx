// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, withQuery } from '#shared/paths';
import { campaignMessages as m } from '#shared/schemas/campaigns';
import { json, mockApi, sentTo } from '#web/test/mock-api';
import { AiCampaignForm } from './ai-campaign-form';

function renderForm(createAnswer: () => Response | Promise<Response>) {
  const api = mockApi({
    [`GET ${withQuery(apiPaths.emailAccounts, { status: 'connected' })}`]: () => json(200, []),
    [`POST ${apiPaths.campaigns}`]: createAnswer,
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
