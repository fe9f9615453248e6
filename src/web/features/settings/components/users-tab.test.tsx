// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import { teamUserFixture } from '#web/test/fixtures';
import { json, mockApi, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const members = [
  teamUserFixture(),
  teamUserFixture({ id: 'u2', name: 'Mia Member', email: 'mia@example.com', role: 'member' }),
];

async function openUsersTab() {
  const user = userEvent.setup();
  renderApp(paths.settings);
  await user.click(await screen.findByRole('tab', { name: 'Users' }));
  await screen.findByText('mia@example.com');
  return user;
}

describe('Users tab', () => {
  it('lets a Full Access member remove another member after confirming', async () => {
    let list = members;
    const fetchMock = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`GET ${apiPaths.users}`]: () => json(200, list),
      [`GET ${apiPaths.invitations}`]: () => json(200, []),
      [`DELETE ${withId(apiPaths.user, 'u2')}`]: () => {
        list = members.slice(0, 1);
        return json(200, { ok: true });
      },
    });
    const user = await openUsersTab();
    expect(screen.getByRole('combobox', { name: `Role of ${testUser.fullName}` })).toBeDisabled();
    expect(screen.queryByRole('button', { name: `Remove ${testUser.fullName}` })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Mia Member' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('mia@example.com')).toBeNull());
    expect(screen.getByText('Mia Member was removed from the workspace')).toBeInTheDocument();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([input]) => String(input))).toEqual([withId(apiPaths.user, 'u2')]);
  });

  it('shows a member the team without role selectors or Remove', async () => {
    const member = {
      ...testUser,
      role: 'member' as const,
      workspace: { ...testUser.workspace, role: 'member' as const },
    };
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, member),
      [`GET ${apiPaths.users}`]: () => json(200, members),
    });
    await openUsersTab();
    expect(
      screen.getByText(/Only members with Full Access change roles and remove members/),
    ).toBeInTheDocument();
    for (const combobox of screen.getAllByRole('combobox')) expect(combobox).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });
});
