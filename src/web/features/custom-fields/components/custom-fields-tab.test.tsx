// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import type { Me } from '#shared/schemas/auth';
import {
  customFieldMessages as m,
  type CreateCustomFieldInput,
  type CustomField,
} from '#shared/schemas/custom-fields';
import { Providers } from '#web/app/providers';
import { json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { CustomFieldsTab } from './custom-fields-tab';

afterEach(() => {
  toast.dismiss();
});

const member: Me = { ...testUser, role: 'member', workspace: { ...testUser.workspace, role: 'member' } };
const topic: CustomField = {
  id: 'f1',
  key: 'site_topic',
  label: 'Site topic',
  type: 'text',
  options: [],
  position: 0,
};
const tier: CustomField = {
  id: 'f2',
  key: 'tier',
  label: 'Tier',
  type: 'choice',
  options: ['Gold', 'Silver'],
  position: 1,
};

/** A fake of the custom fields API: the list in memory. */
function fieldsApi(initial: CustomField[]) {
  let fields = initial;
  return {
    [`GET ${apiPaths.customFields}`]: () => json(200, { items: fields }),
    [`POST ${apiPaths.customFields}`]: (body: unknown) => {
      const input = body as CreateCustomFieldInput;
      const field: CustomField = {
        id: `f${fields.length + 1}`,
        options: [],
        ...input,
        position: fields.length,
      };
      fields = [...fields, field];
      return json(200, field);
    },
    [`PATCH ${withId(apiPaths.customField, 'f2')}`]: () => {
      fields = [
        { ...tier, position: 0 },
        { ...topic, position: 1 },
      ];
      return json(200, fields[0]);
    },
  };
}

function renderTab(user: Me = testUser) {
  const events = userEvent.setup();
  render(
    <Providers>
      <CustomFieldsTab user={user} />
    </Providers>,
  );
  return events;
}

describe('Settings → Custom fields', () => {
  it('adds a choice field after checking it with the server’s schema, and lists it with its placeholder', async () => {
    const api = mockApi(fieldsApi([]));
    const user = renderTab();
    expect(await screen.findByText('No custom fields yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add custom field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add custom field' });
    await user.type(within(dialog).getByLabelText('Label'), 'Tier');
    await user.type(within(dialog).getByLabelText('Key'), 'Tier Level');
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    expect(await within(dialog).findByText(m.keyFormat)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.customFields)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Key'));
    await user.type(within(dialog).getByLabelText('Key'), 'tier');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Choice' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    expect(await within(dialog).findByText(m.optionsRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Options'), 'Gold{enter}Silver');
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo(api, 'POST', apiPaths.customFields)).toEqual([
      { key: 'tier', label: 'Tier', type: 'choice', options: ['Gold', 'Silver'] },
    ]);
    const row = await screen.findByRole('row', { name: /Tier/ });
    expect(row).toHaveTextContent('{{custom.tier}}');
    expect(row).toHaveTextContent('Gold, Silver');
  });

  it('moves a field up for Full Access and shows the new order', async () => {
    const api = mockApi(fieldsApi([topic, tier]));
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Move Tier up' }));
    expect(sentTo(api, 'PATCH', withId(apiPaths.customField, 'f2'))).toEqual([{ position: 0 }]);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.textContent?.split('{{')[0]),
      ).toEqual(['Tier', 'Site topic']),
    );
  });

  it('shows a member the fields read-only', async () => {
    mockApi(fieldsApi([topic]));
    renderTab(member);
    expect(await screen.findByText('{{custom.site_topic}}')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add custom field' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Site topic' })).toBeNull();
  });
});
