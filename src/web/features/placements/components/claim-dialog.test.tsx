// @vitest-environment jsdom
import '#web/test/setup-dom';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import { claimMessages as m, type Claim } from '#shared/schemas/claims';
import { Providers } from '#web/app/providers';
import { apiError, json, mockApi, sentTo } from '#web/test/mock-api';
import { ClaimDialog } from './claim-dialog';

afterEach(() => {
  toast.dismiss();
});

const id = '00000000-0000-4000-8000-0000000000c1';
const claim: Claim = {
  id,
  placementId: 'p1',
  status: 'open',
  issues: ['rel-changed'],
  restoreSuggestedAt: '2026-11-29T11:00:00.000Z',
  terms: {
    pageUrl: 'https://blog.example/post',
    targetUrl: 'https://shop.example/guide',
    anchorText: 'coffee guide',
    rel: 'dofollow',
    liveAt: '2026-11-01',
    warrantyEndsOn: '2027-11-01',
  },
  prospectWebsite: 'blog.example',
  campaignName: 'Coffee',
  clientName: null,
  threadId: 't1',
  draftBody: 'Hi Ed,\n\nThank you again…',
  assigneeId: 'u1',
  assigneeName: 'Ada Lovelace',
  replacementPlacementId: null,
  note: '',
  proof: {
    id: 'pr1',
    checkedAt: '2026-11-29T10:00:00.000Z',
    issues: ['rel-changed'],
    changes: ['rel-changed'],
    httpStatus: 200,
    finalUrl: 'https://blog.example/post',
    found: { url: 'https://shop.example/guide', anchorText: 'coffee guide', rel: ['nofollow'] },
    fragment: '<a href="https://shop.example/guide" rel="nofollow">coffee guide</a>',
    snapshotBytes: 900,
    snapshotStoredBytes: 400,
    keepUntil: '2027-11-01T23:59:59.999Z',
  },
  openedAt: '2026-11-29T10:00:00.000Z',
  resolvedAt: null,
  updatedAt: '2026-11-29T10:00:00.000Z',
};

function renderDialog(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi(handlers);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '*', element: <ClaimDialog claimId={id} onClose={() => {}} /> },
  ]);
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { api, user: userEvent.setup() };
}

describe('ClaimDialog', () => {
  it('shows the terms and the proof, the fragment as text, the snapshot as a download and the draft’s conversation', async () => {
    renderDialog({ [`GET ${withId(apiPaths.claim, id)}`]: () => json(200, claim) });
    expect(await screen.findByRole('heading', { name: 'Replacement claim — blog.example' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What changed' }).textContent).toContain(
      'the link no longer carries the agreed rel',
    );
    expect(screen.getByText(/mark it restored\?/)).toBeTruthy();
    const fragment = screen.getByLabelText('HTML fragment');
    expect(fragment.textContent).toBe(claim.proof!.fragment);
    expect(fragment.querySelector('a')).toBeNull();
    const snapshot = screen.getByRole('link', { name: 'Download page snapshot' });
    expect(snapshot.getAttribute('href')).toBe(withId(apiPaths.claimSnapshot, id));
    expect(snapshot.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Open conversation' }).getAttribute('href')).toBe(
      paths.inboxThread('t1'),
    );
  });

  it('sends a move and shows a refusal in the server’s words', async () => {
    const refusal = m.illegalMove('replaced', 'refunded');
    const path = withId(apiPaths.claimStatus, id);
    const { api, user } = renderDialog({
      [`GET ${withId(apiPaths.claim, id)}`]: () => json(200, claim),
      [`POST ${path}`]: () => apiError(409, 'CONFLICT', refusal),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark refunded' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(sentTo(api, 'POST', path)).toEqual([{ to: 'refunded' }]);
  });

  it('asks for the replacement page and shows the field’s message', async () => {
    const path = withId(apiPaths.claimStatus, id);
    const { user } = renderDialog({
      [`GET ${withId(apiPaths.claim, id)}`]: () => json(200, claim),
      [`POST ${path}`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Invalid input',
            issues: [{ path: 'replacementPageUrl', message: m.replacementRequired }],
          },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Replaced…' }));
    await user.click(screen.getByRole('button', { name: 'Record replacement' }));
    expect(await screen.findByText(m.replacementRequired)).toBeTruthy();
  });

  it('shows the error state with Try again when the claim cannot be loaded', async () => {
    renderDialog({ [`GET ${withId(apiPaths.claim, id)}`]: () => apiError(500, 'INTERNAL', 'boom') });
    expect(await screen.findByText(m.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
