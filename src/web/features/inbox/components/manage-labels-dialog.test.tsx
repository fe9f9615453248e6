// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import { inboxMessages, type InboxLabel } from '#shared/schemas/inbox';
import { json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

vi.mock('./thread-view', () => ({ ThreadView: () => null }));

const interested: InboxLabel = {
  id: '00000000-0000-4000-8000-000000000101',
  name: 'Interested',
  outcome: 'responded',
  category: 'interested',
  position: 0,
};
const question: InboxLabel = {
  id: '00000000-0000-4000-8000-000000000102',
  name: 'Question',
  outcome: null,
  category: 'question',
  position: 1,
};

/** The inbox's API with a labels list the handlers can change. */
function mockLabels(labels: InboxLabel[], handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET ${apiPaths.me}`]: () => json(200, testUser),
    [`GET ${apiPaths.inboxThreads}`]: () => json(200, { items: [], nextCursor: null }),
    [`GET ${apiPaths.inboxLabels}`]: () => json(200, labels),
    ...handlers,
  });
}

async function openDialog() {
  const user = userEvent.setup();
  renderApp(paths.inbox);
  await user.click(await screen.findByRole('button', { name: 'Manage labels' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manage labels' });
  return { user, dialog };
}

const labelRows = async (dialog: HTMLElement) =>
  within(await within(dialog).findByRole('list', { name: 'Labels' })).getAllByRole('listitem');

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, status: string) {
  await user.click(within(form).getByRole('combobox', { name: 'Sets status' }));
  await user.click(await screen.findByRole('option', { name: status }));
}

describe('Manage labels', () => {
  it('lists the labels in their order with the status each one sets', async () => {
    mockLabels([question, interested]);
    const { dialog } = await openDialog();
    const [first, second] = await labelRows(dialog);
    expect(first).toHaveTextContent('Interested');
    expect(first).toHaveTextContent('Sets status: Responded');
    expect(second).toHaveTextContent('Question');
    expect(second).toHaveTextContent('Sets status: —');
  });

  it('checks a new label before sending it, then adds it', async () => {
    const labels = [interested];
    const api = mockLabels(labels, {
      [`POST ${apiPaths.inboxLabels}`]: (body) => {
        const created = {
          id: '00000000-0000-4000-8000-000000000103',
          category: null,
          position: 1,
          ...(body as object),
        };
        labels.push(created as InboxLabel);
        return json(201, created);
      },
    });
    const { user, dialog } = await openDialog();
    const form = within(dialog).getByRole('form', { name: 'Add a label' });

    await user.click(within(form).getByRole('button', { name: 'Add label' }));
    expect(await within(form).findByText('Enter a label name')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    // Spaces only are no name either.
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(within(form).getByRole('button', { name: 'Add label' }));
    expect(await within(form).findByText('Enter a label name')).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.inboxLabels)).toEqual([]);

    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), ' Link placed ');
    await chooseStatus(user, form, 'Success');
    await user.click(within(form).getByRole('button', { name: 'Add label' }));

    expect(await screen.findByText(inboxMessages.labelSaved)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.inboxLabels)).toEqual([{ name: 'Link placed', outcome: 'success' }]);
    await waitFor(async () => expect(await labelRows(dialog)).toHaveLength(2));
    expect((await labelRows(dialog))[1]).toHaveTextContent('Link placedSets status: Success');
    // The form is empty again for the next one.
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('says under the name when the name is taken', async () => {
    mockLabels([interested], {
      // As the server answers it: a field error on the name.
      [`POST ${apiPaths.inboxLabels}`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: inboxMessages.labelNameTaken,
            issues: [{ path: 'name', message: inboxMessages.labelNameTaken }],
          },
        }),
    });
    const { user, dialog } = await openDialog();
    const form = within(dialog).getByRole('form', { name: 'Add a label' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'interested');
    await user.click(within(form).getByRole('button', { name: 'Add label' }));
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription(inboxMessages.labelNameTaken));
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('renames a label and changes its status in place', async () => {
    const labels = [interested];
    const api = mockLabels(labels, {
      [`PATCH ${withId(apiPaths.inboxLabel, interested.id)}`]: (body) => {
        labels[0] = { ...interested, ...(body as object) };
        return json(200, labels[0]);
      },
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Edit Interested' }));
    const form = within(dialog).getByRole('form', { name: 'Edit Interested' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Interested');

    await user.clear(name);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a label name')).toBeInTheDocument();

    await user.type(name, 'Keen');
    await chooseStatus(user, form, '—');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(api, 'PATCH', withId(apiPaths.inboxLabel, interested.id))).toEqual([
        { name: 'Keen', outcome: null },
      ]),
    );
    await waitFor(async () => expect((await labelRows(dialog))[0]).toHaveTextContent('KeenSets status: —'));
    expect(within(dialog).queryByRole('form', { name: 'Edit Interested' })).not.toBeInTheDocument();
  });

  it('deletes a label after a confirmation', async () => {
    const labels = [interested, question];
    const api = mockLabels(labels, {
      [`DELETE ${withId(apiPaths.inboxLabel, question.id)}`]: () => {
        labels.pop();
        return new Response(null, { status: 204 });
      },
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Question' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete label' });
    expect(confirm).toHaveTextContent('Delete the label Question?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Label deleted')).toBeInTheDocument();
    expect(sentTo(api, 'DELETE', withId(apiPaths.inboxLabel, question.id))).toHaveLength(1);
    await waitFor(async () => expect(await labelRows(dialog)).toHaveLength(1));
  });
});
