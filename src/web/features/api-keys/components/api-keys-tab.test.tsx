// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import {
  apiKeyMessages as m,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '#shared/schemas/api-keys';
import type { Me } from '#shared/schemas/auth';
import { Providers } from '#web/app/providers';
import { apiError, json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { ApiKeysTab } from './api-keys-tab';

const DAY_MS = 24 * 60 * 60 * 1000;
const SECRET = 'lp_AbC12xyzxyzxyzxyzxyzxyzxyzxyzxyzx';

const member: Me = { ...testUser, role: 'member', workspace: { ...testUser.workspace, role: 'member' } };

/** A fake of the API keys API: creates (answering the secret once) and revokes in memory. */
function apiKeysApi(initial: ApiKey[] = []) {
  let keys = initial;
  return {
    [`GET ${apiPaths.apiKeys}`]: () => json(200, keys),
    [`POST ${apiPaths.apiKeys}`]: (body: unknown) => {
      const input = body as CreateApiKeyInput;
      const key: ApiKey = {
        id: `k${keys.length + 1}`,
        name: input.name,
        prefix: SECRET.slice(0, 8),
        scopes: input.scopes,
        createdBy: testUser.fullName,
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        expiresAt: input.expiresAt ?? null,
        revokedAt: null,
      };
      keys = [key, ...keys];
      return json(201, { ...key, secret: SECRET } satisfies CreatedApiKey);
    },
    [`DELETE ${withId(apiPaths.apiKey, 'k1')}`]: () => {
      keys = keys.map((k) => (k.id === 'k1' ? { ...k, revokedAt: new Date().toISOString() } : k));
      return json(
        200,
        keys.find((k) => k.id === 'k1'),
      );
    },
  };
}

function renderTab(user: Me = testUser) {
  const events = userEvent.setup();
  render(
    <Providers>
      <ApiKeysTab user={user} />
    </Providers>,
  );
  return events;
}

describe('Settings → API keys', () => {
  it('creates a key, shows its secret once with Copy, then lists it without the secret', async () => {
    const api = mockApi(apiKeysApi());
    const user = renderTab();
    expect(await screen.findByText(m.empty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    // The form keeps to the API's rules: a name and at least one scope.
    await user.click(within(dialog).getByRole('checkbox', { name: /Read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText(m.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(m.scopesRequired)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.apiKeys)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Zapier');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Write/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires' }));
    await user.click(await screen.findByRole('option', { name: '90 days' }));
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    const secret = await screen.findByLabelText('API key');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    expect(screen.getByText(m.copyNow)).toBeInTheDocument();
    const [sent] = sentTo(api, 'POST', apiPaths.apiKeys) as CreateApiKeyInput[];
    expect(sent).toMatchObject({ name: 'Zapier', scopes: ['read', 'write'] });
    const expires = new Date(sent!.expiresAt!).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 90 * DAY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 90 * DAY_MS);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await screen.findByText('Zapier')).closest('tr')!;
    expect(row).toHaveTextContent('lp_AbC12…');
    expect(row).toHaveTextContent('ReadWrite');
    expect(row).toHaveTextContent(testUser.fullName);
    expect(row).toHaveTextContent('Never');
    expect(row).toHaveTextContent('Active');
    expect(document.body).not.toHaveTextContent(SECRET);

    // Opened again, the dialog is a fresh form: the secret is gone for good.
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const again = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(again).getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByLabelText('API key')).toBeNull();
  });

  it('revokes a key after confirming', async () => {
    const key: ApiKey = {
      id: 'k1',
      name: 'CRM',
      prefix: 'lp_Zz9aa',
      scopes: ['read'],
      createdBy: testUser.fullName,
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      expiresAt: null,
      revokedAt: null,
    };
    const api = mockApi(apiKeysApi([key]));
    const user = renderTab();
    const row = (await screen.findByText('CRM')).closest('tr')!;
    expect(row).toHaveTextContent('5 minutes ago');
    await user.click(within(row).getByRole('button', { name: 'Revoke CRM' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(sentTo(api, 'DELETE', withId(apiPaths.apiKey, 'k1'))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(m.revoked('CRM'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('CRM').closest('tr')).toHaveTextContent('Revoked'));
    expect(within(screen.getByText('CRM').closest('tr')!).queryByRole('button')).toBeNull();
  });

  it('shows a member the list read-only, saying who manages keys', async () => {
    mockApi(apiKeysApi());
    renderTab(member);
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    expect(screen.getAllByText(m.fullAccessOnly, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    mockApi({
      ...apiKeysApi(),
      [`GET ${apiPaths.apiKeys}`]: () => (fail ? apiError(403, 'FORBIDDEN', 'Nope') : json(200, [])),
    });
    const user = renderTab();
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
  });
});
