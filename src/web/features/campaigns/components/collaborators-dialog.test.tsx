// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import type { Campaign } from '#shared/schemas/campaigns';
import type { TeamUser } from '#shared/schemas/settings';
import { campaignFixture } from '#web/test/fixtures';
import { json, mockApi, sentTo } from '#web/test/mock-api';
import { CollaboratorsButton } from './collaborators-dialog';

const id = 'c0ffee00-0000-4000-8000-00000000000c';
const member = (n: number, name: string): TeamUser => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@mail.test`,
  role: 'member',
  joinedAt: '2026-11-20T10:00:00.000Z',
});
const [ada, bea, cy] = [member(1, 'Ada Lovelace'), member(2, 'Bea Bee'), member(3, 'Cy Ames')];
const saved = campaignFixture({
  id,
  owner: { id: ada.id, name: ada.name },
  collaborators: [
    { id: bea.id, name: bea.name },
    { id: cy.id, name: cy.name },
  ],
});

describe('CollaboratorsButton', () => {
  it('lists the members but the owner and saves the ticked ones', async () => {
    const path = withId(apiPaths.campaignCollaborators, id);
    const api = mockApi({
      [`GET ${apiPaths.users}`]: () => json(200, [ada, bea, cy]),
      [`PUT ${path}`]: () => json(200, saved),
    });
    const campaign: Pick<Campaign, 'id' | 'owner' | 'collaborators'> = {
      id,
      owner: { id: ada.id, name: ada.name },
      collaborators: [{ id: cy.id, name: cy.name }],
    };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CollaboratorsButton campaign={campaign} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Collaborators' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collaborators' });
    const beaBox = await within(dialog).findByRole('checkbox', { name: 'Bea Bee' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Cy Ames' })).toBeChecked();
    expect(beaBox).not.toBeChecked();

    await user.click(beaBox);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(api, 'PUT', path)).toEqual([{ userIds: [bea.id, cy.id] }]);
  });
});
