// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import { outreachMessages as m, type EnrollmentPreview } from '#shared/schemas/outreach';
import { json, mockApi, sentTo } from '#web/test/mock-api';
import { enrollmentSummary, SendEmailsDialog } from './send-emails-dialog';

const campaignId = 'c0ffee00-0000-4000-8000-00000000000c';
const url = withId(apiPaths.campaignEnrollment, campaignId);

/** The open dialog over a campaign whose enrollment preview is `preview`; `enroll` answers the POST. */
function renderDialog(
  preview: EnrollmentPreview,
  enroll: () => Response | Promise<Response> = () =>
    json(200, { enrolled: preview.eligible, notEnrolled: [] }),
) {
  const api = mockApi({
    [`GET ${url}`]: () => json(200, preview),
    [`POST ${url}`]: enroll,
  });
  const onOpenSettings = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SendEmailsDialog
        campaignId={campaignId}
        paused={false}
        open
        onOpenChange={() => {}}
        onOpenSettings={onOpenSettings}
      />
    </QueryClientProvider>,
  );
  return { api, onOpenSettings };
}

describe('Send Emails', () => {
  it('says how many prospects will be enrolled and warns when every mailbox has a connection error', async () => {
    const { api } = renderDialog({
      eligible: 3,
      risky: 0,
      undeliverable: 0,
      blocker: null,
      warning: m.mailboxesDisconnected,
    });
    expect(
      await screen.findByText('3 prospects will be enrolled in this campaign’s sequence.'),
    ).toBeInTheDocument();
    expect(screen.getByText(m.mailboxesDisconnected)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send to 3 prospects' }));
    await waitFor(() => expect(sentTo(api, 'POST', url)).toHaveLength(1));
  });

  it('skips undeliverable addresses and includes risky ones only when ticked', async () => {
    const { api } = renderDialog({ eligible: 2, risky: 3, undeliverable: 1, blocker: null, warning: null });
    expect(
      await screen.findByText('1 prospect skipped: their address was verified undeliverable.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Also send to 3 prospects with a risky address' }));
    await user.click(screen.getByRole('button', { name: 'Send to 5 prospects' }));
    await waitFor(() => expect(sentTo(api, 'POST', url)).toEqual([{ includeRisky: true }]));
  });

  it('sends one enrollment request for a double click', async () => {
    let answer: (response: Response) => void = () => {};
    const { api } = renderDialog(
      { eligible: 2, risky: 0, undeliverable: 0, blocker: null, warning: null },
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await userEvent.setup().dblClick(await screen.findByRole('button', { name: 'Send to 2 prospects' }));
    await waitFor(() => expect(sentTo(api, 'POST', url)).toHaveLength(1));
    answer(json(200, { enrolled: 2, notEnrolled: [] }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to 2 prospects' })).toBeEnabled());
    expect(sentTo(api, 'POST', url)).toHaveLength(1);
  });

  it('offers the outreach settings instead of sending when the campaign has no mailbox', async () => {
    const { api, onOpenSettings } = renderDialog({
      eligible: 3,
      risky: 0,
      undeliverable: 0,
      blocker: m.noMailbox,
      warning: null,
    });
    expect(await screen.findByText(m.noMailbox)).toBeInTheDocument();
    expect(screen.queryByText(m.mailboxesDisconnected)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open Outreach Settings' }));
    expect(onOpenSettings).toHaveBeenCalled();
    expect(sentTo(api, 'POST', url)).toEqual([]);
  });
});

describe('enrollmentSummary', () => {
  it('adds "N not enrolled" with the reason, and warns when nobody was enrolled', () => {
    expect(
      enrollmentSummary({ enrolled: 3, notEnrolled: [{ prospects: 2, reason: m.domainRefusesMail }] }, false),
    ).toEqual({
      message: '3 prospects enrolled: sending has started',
      description: '2 not enrolled: their domain does not accept mail',
      warning: false,
    });
    expect(
      enrollmentSummary({ enrolled: 0, notEnrolled: [{ prospects: 1, reason: m.domainRefusesMail }] }, false),
    ).toMatchObject({ message: '0 prospects enrolled', warning: true });
    expect(enrollmentSummary({ enrolled: 1, notEnrolled: [] }, true)).toEqual({
      message: '1 prospect enrolled',
      description: undefined,
      warning: false,
    });
  });
});
