// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import type { Me } from '#shared/schemas/auth';
import { webhookEventTypes } from '#shared/schemas/webhook-events';
import {
  webhookMessages as m,
  type CreateWebhookInput,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '#shared/schemas/webhooks';
import { Providers } from '#web/app/providers';
import { apiError, json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { WebhooksTab } from './webhooks-tab';

// sonner keeps its toasts in a module-wide store, replayed to the next test's toaster otherwise.
afterEach(() => {
  toast.dismiss();
});

const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA==';
const HOOK = 'https://crm.example.com/hooks/linkpilot';
const member: Me = { ...testUser, role: 'member', workspace: { ...testUser.workspace, role: 'member' } };

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'd1',
  eventId: '7f1c2a90-0000-4000-8000-000000000001',
  eventType: 'reply.received',
  status: 'failed',
  attempts: 8,
  responseStatus: 500,
  responseBody: 'Internal Server Error',
  durationMs: 48,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-25T10:00:00.000Z',
  createdAt: '2026-11-24T12:00:00.000Z',
  ...over,
});

/** A fake of the webhooks API: endpoints in memory, one log page per endpoint. */
function webhooksApi(initial: WebhookEndpoint[] = [], log: WebhookDelivery[] = []) {
  let endpoints = initial;
  return {
    [`GET ${apiPaths.webhooks}`]: () => json(200, endpoints),
    [`POST ${apiPaths.webhooks}`]: (body: unknown) => {
      const input = body as CreateWebhookInput;
      const endpoint: WebhookEndpoint = {
        id: `e${endpoints.length + 1}`,
        url: input.url,
        description: input.description ?? '',
        events: input.events,
        status: 'active',
        failingSince: null,
        disabledAt: null,
        disabledReason: null,
        createdBy: testUser.fullName,
        createdAt: new Date().toISOString(),
      };
      endpoints = [endpoint, ...endpoints];
      return json(201, { ...endpoint, secret: SECRET } satisfies CreatedWebhook);
    },
    [`GET ${withId(apiPaths.webhookDeliveries, 'e1')}`]: () => json(200, { items: log, nextCursor: null }),
    [`POST ${withId(apiPaths.webhookTest, 'e1')}`]: () =>
      json(200, {
        deliveryId: 'd9',
        status: 'delivered',
        responseStatus: 202,
        durationMs: 31,
        responseBody: '{"queued":true}',
      }),
    [`POST ${withId(apiPaths.webhookRedeliver, 'd1')}`]: () =>
      json(201, delivery({ id: 'd2', status: 'pending', attempts: 0, responseStatus: null })),
  };
}

function renderTab(user: Me = testUser) {
  const events = userEvent.setup();
  render(
    <Providers>
      <WebhooksTab user={user} />
    </Providers>,
  );
  return events;
}

describe('Settings → Webhooks', () => {
  it('adds an endpoint: checks the form, selects all events, shows the secret once with Copy, then lists it', async () => {
    const api = mockApi(webhooksApi());
    const user = renderTab();
    expect(await screen.findByText(m.empty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    // The form keeps to the API's rules: an http(s) URL and at least one event.
    await user.type(within(dialog).getByLabelText('URL'), 'crm.example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(m.urlInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(m.eventsRequired)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.webhooks)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), HOOK);
    await user.type(within(dialog).getByLabelText('Description'), 'CRM sync');
    const selectAll = within(dialog).getByRole('checkbox', { name: 'Select all' });
    await user.click(selectAll);
    for (const box of within(dialog).getAllByRole('checkbox')) expect(box).toBeChecked();
    // Unticking one event unticks "Select all" too.
    await user.click(within(dialog).getByRole('checkbox', { name: /Bounce/ }));
    expect(selectAll).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secret = await screen.findByLabelText('Signing secret');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    expect(screen.getByText(m.copyNow)).toBeInTheDocument();
    expect(sentTo(api, 'POST', apiPaths.webhooks)).toEqual([
      {
        url: HOOK,
        description: 'CRM sync',
        events: webhookEventTypes.filter((e) => e !== 'bounce.received'),
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const row = await screen.findByRole('button', { name: `Open ${HOOK}` });
    expect(row).toHaveTextContent('CRM sync');
    expect(row).toHaveTextContent(`${webhookEventTypes.length - 1} events`);
    expect(row).toHaveTextContent('Active');
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('puts the server’s refusal under the URL field', async () => {
    mockApi({
      ...webhooksApi(),
      [`POST ${apiPaths.webhooks}`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: m.urlPrivate,
            issues: [{ path: 'url', message: m.urlPrivate }],
          },
        }),
    });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByLabelText('URL'), 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /Reply received/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(m.urlPrivate)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('opens an endpoint: sends a test event and shows the answer, lists deliveries and redelivers', async () => {
    const endpoint: WebhookEndpoint = {
      id: 'e1',
      url: HOOK,
      description: '',
      events: ['reply.received'],
      status: 'failing',
      failingSince: '2026-11-24T12:00:00.000Z',
      disabledAt: null,
      disabledReason: null,
      createdBy: testUser.fullName,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const api = mockApi(webhooksApi([endpoint], [delivery()]));
    const user = renderTab(member);
    const row = await screen.findByRole('button', { name: `Open ${HOOK}` });
    expect(row).toHaveTextContent('Failing since');
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    await user.click(row);

    const log = await screen.findByRole('region', { name: 'Deliveries' });
    const entry = (await within(log).findByText('Reply received')).closest('tr')!;
    expect(entry).toHaveTextContent('Failed');
    expect(entry).toHaveTextContent('500');
    expect(entry).toHaveTextContent('48 ms');
    expect(entry).toHaveTextContent('Internal Server Error');
    // A member tests and redelivers, but does not manage the endpoint.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('The receiver answered 202 in 31 ms: delivered.')).toBeInTheDocument();
    expect(screen.getByText('{"queued":true}')).toBeInTheDocument();

    await user.click(within(entry).getByRole('button', { name: /Redeliver/ }));
    expect(await screen.findByText(m.redelivered)).toBeInTheDocument();
    expect(sentTo(api, 'POST', withId(apiPaths.webhookRedeliver, 'd1'))).toHaveLength(1);
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    mockApi({
      ...webhooksApi(),
      [`GET ${apiPaths.webhooks}`]: () => (fail ? apiError(403, 'FORBIDDEN', 'Nope') : json(200, [])),
    });
    const user = renderTab();
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
  });
});
