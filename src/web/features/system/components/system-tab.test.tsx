// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/paths';
import { systemMessages as m, type SystemStatus } from '#shared/schemas/system';
import { Providers } from '#web/app/providers';
import { apiError, json, mockApi } from '#web/test/mock-api';
import { formatAge, formatBytes, SystemTab } from './system-tab';

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

const troubled: SystemStatus = {
  checkedAt: new Date().toISOString(),
  queues: [
    { name: 'find-prospects', queued: 3, active: 1, failedLastDay: 2, oldestWaitingSeconds: 1900 },
    { name: 'outreach-tick', queued: 0, active: 0, failedLastDay: 0, oldestWaitingSeconds: null },
  ],
  mailboxes: {
    total: 2,
    failingCount: 1,
    failing: [
      {
        id: 'm1',
        email: 'grace@agency.example',
        status: 'error',
        reason: 'The SMTP server refused the login',
        source: 'smtp',
        since: ago(3600),
        lastSync: null,
      },
    ],
  },
  webhooks: {
    pending: 4,
    oldestPendingSeconds: 5400,
    failingCount: 1,
    failingEndpoints: [
      { id: 'e1', url: 'https://crm.example/hook', failingSince: ago(7200), disabledAt: null, pending: 4 },
    ],
  },
  monitoring: { overdue: 2, maxLagSeconds: 90_000, total: 10 },
  backup: {
    scheduled: true,
    last: {
      finishedAt: ago(600),
      status: 'failed',
      file: null,
      bytes: null,
      error: "The backup folder's disk is full: no backup was written",
    },
    lastSucceededAt: ago(86_400),
  },
};

function renderTab() {
  render(
    <Providers>
      <SystemTab />
    </Providers>,
  );
}

describe('Settings → System', () => {
  it('shows each kind of trouble in words: queues, a failing mailbox and endpoint, late checks, a failed backup', async () => {
    mockApi({ [`GET ${apiPaths.system}`]: () => json(200, troubled) });
    renderTab();
    expect((await screen.findAllByText('find-prospects')).length).toBeGreaterThan(0);
    expect(screen.getByText(m.installWide)).toBeInTheDocument();
    expect(screen.getAllByText('find-prospects')[1]!.closest('tr')).toHaveTextContent('31 min');
    expect(screen.getByText('grace@agency.example')).toBeInTheDocument();
    expect(screen.getByText('The SMTP server refused the login')).toBeInTheDocument();
    expect(screen.getByText('4 deliveries waiting; the oldest for 1 h 30 min.')).toBeInTheDocument();
    expect(screen.getByText('https://crm.example/hook')).toBeInTheDocument();
    expect(
      screen.getByText('2 of 10 live links due for a check; the latest is 1 d 1 h late.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/disk is full: no backup was written/)).toBeInTheDocument();
    expect(screen.getByText(/^The last good backup is from/)).toBeInTheDocument();
  });

  it('says a failed load and offers Try again', async () => {
    mockApi({ [`GET ${apiPaths.system}`]: () => apiError(500, 'INTERNAL', 'boom') });
    renderTab();
    expect(await screen.findByText(m.loadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('formatting', () => {
  it('reads ages and sizes as people do', () => {
    expect([formatAge(null), formatAge(42), formatAge(720), formatAge(3600), formatAge(93_600)]).toEqual([
      '—',
      '42 s',
      '12 min',
      '1 h',
      '1 d 2 h',
    ]);
    expect([formatBytes(900), formatBytes(123_456), formatBytes(5 * 1024 ** 3)]).toEqual([
      '900 bytes',
      '120.6 KB',
      '5.0 GB',
    ]);
  });
});
