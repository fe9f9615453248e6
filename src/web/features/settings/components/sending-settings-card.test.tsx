// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths } from '#shared/paths';
import type { Me } from '#shared/schemas/auth';
import type { SavedSendingSettings } from '#shared/schemas/settings';
import { json, mockApi, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const saved: SavedSendingSettings = {
  postalAddress: 'Analytical Engines Ltd, 12 Dorset St, London',
  timeZone: 'Europe/Berlin',
  sendWindowDays: [1, 3],
  sendWindowStartHour: 9,
  sendWindowEndHour: 17,
};
const readOnlyLine = 'Only members with Full Access change the workspace’s sending settings.';

/** The Profile tab (open first) as `me` sees it, once the sending settings have loaded. */
async function sendingForm(me: Me) {
  mockApi({
    [`GET ${apiPaths.me}`]: () => json(200, me),
    [`GET ${apiPaths.sendingSettings}`]: () => json(200, saved),
  });
  renderApp(paths.settings);
  const form = await screen.findByRole('form', { name: 'Sending settings' });
  expect(await within(form).findByLabelText('Postal address')).toHaveValue(saved.postalAddress);
  return form;
}

describe('Sending settings', () => {
  it('shows a member the workspace’s settings read-only, without Save', async () => {
    const member: Me = { ...testUser, role: 'member', workspace: { ...testUser.workspace, role: 'member' } };
    const form = await sendingForm(member);
    expect(screen.getByText(readOnlyLine)).toBeInTheDocument();
    expect(within(form).getByLabelText('Postal address')).toBeDisabled();
    expect(within(form).getByLabelText('Time zone')).toBeDisabled();
    expect(within(form).getByLabelText('Mon')).toBeDisabled();
    expect(within(form).getByLabelText('Mon')).toBeChecked();
    expect(within(form).getByRole('combobox', { name: 'From' })).toBeDisabled();
    expect(within(form).getByRole('combobox', { name: 'Until' })).toBeDisabled();
    expect(within(form).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets Full Access change them', async () => {
    const form = await sendingForm(testUser);
    expect(screen.queryByText(readOnlyLine)).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Postal address')).toBeEnabled();
    expect(within(form).getByRole('combobox', { name: 'From' })).toBeEnabled();
    expect(within(form).getByRole('button', { name: 'Save Sending Settings' })).toBeEnabled();
  });
});
