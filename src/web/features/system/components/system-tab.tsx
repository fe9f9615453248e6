import { formatDistanceToNow } from 'date-fns';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { systemMessages as m, type SystemStatus } from '#shared/schemas/system';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Table, Td, Th } from '#web/components/ui/table';
import { formatDateTime } from '#web/lib/format';
import { useSystemStatus } from '../api/system-queries';

/** A waiting time in words: "40 s", "12 min", "3 h 5 min", "2 d 4 h"; "—" for none. */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** A file size in bytes, KB, MB or GB (powers of 1,024, one decimal above bytes). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A waiting job older than this (or a link check that late) is worth a warning. */
const LATE_SECONDS = 15 * 60;

function Section({
  title,
  note,
  badge,
  children,
}: {
  title: string;
  note?: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="flex items-start justify-between gap-3 px-6 pt-5">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{title}</h2>
          {note && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{note}</p>}
        </div>
        {badge && <div className="shrink-0 pt-1">{badge}</div>}
      </div>
      <div className="pt-3 pb-5">{children}</div>
    </Card>
  );
}

/** A sentence in the section's body (an all-clear or a summary). */
function Line({ children }: { children: ReactNode }) {
  return <p className="px-6 text-sm text-slate-700 dark:text-slate-300">{children}</p>;
}

function Tone({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <Badge tone={tone} className="normal-case">
      {children}
    </Badge>
  );
}

function Queues({ queues }: { queues: SystemStatus['queues'] }) {
  const failing = queues.some((q) => q.failedLastDay > 0);
  const late = queues.some((q) => (q.oldestWaitingSeconds ?? 0) > LATE_SECONDS);
  return (
    <Section
      title="Job queues"
      note={m.installWide}
      badge={
        queues.length > 0 &&
        (late ? (
          <Tone tone="warning">Jobs waiting</Tone>
        ) : failing ? (
          <Tone tone="warning">Failures in 24 h</Tone>
        ) : (
          <Tone tone="success">Running</Tone>
        ))
      }
    >
      {queues.length === 0 ? (
        <Line>{m.noQueues}</Line>
      ) : (
        <>
          {/* On a phone each queue is one line of figures; the table would scroll sideways. */}
          <ul className="divide-y divide-slate-200 sm:hidden dark:divide-slate-800">
            {queues.map((q) => (
              <li key={q.name} className="px-6 py-2.5 text-sm">
                <span className="font-mono text-xs">{q.name}</span>
                <p className="mt-0.5 text-slate-600 dark:text-slate-400">
                  {q.queued} waiting · {q.active} running ·{' '}
                  <span className={q.failedLastDay > 0 ? 'font-semibold text-red-700 dark:text-red-300' : ''}>
                    {q.failedLastDay} failed (24 h)
                  </span>
                  {q.oldestWaitingSeconds !== null && ` · oldest ${formatAge(q.oldestWaitingSeconds)}`}
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table>
              <thead>
                <tr>
                  <Th>Queue</Th>
                  <Th className="text-right">Waiting</Th>
                  <Th className="text-right">Running</Th>
                  <Th className="text-right">Failed (24 h)</Th>
                  <Th className="text-right">Oldest wait</Th>
                </tr>
              </thead>
              <tbody>
                {queues.map((q) => (
                  <tr key={q.name}>
                    <Td className="font-mono text-xs">{q.name}</Td>
                    <Td className="text-right tabular-nums">{q.queued}</Td>
                    <Td className="text-right tabular-nums">{q.active}</Td>
                    <Td
                      className={`text-right tabular-nums ${q.failedLastDay > 0 ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}
                    >
                      {q.failedLastDay}
                    </Td>
                    <Td className="text-right whitespace-nowrap tabular-nums">
                      {formatAge(q.oldestWaitingSeconds)}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </Section>
  );
}

function Mailboxes({ mailboxes }: { mailboxes: SystemStatus['mailboxes'] }) {
  return (
    <Section
      title="Mailboxes"
      note="This workspace's mailboxes that cannot send or read."
      badge={
        mailboxes.total > 0 &&
        (mailboxes.failingCount > 0 ? (
          <Tone tone="danger">{mailboxes.failingCount} failing</Tone>
        ) : (
          <Tone tone="success">All working</Tone>
        ))
      }
    >
      {mailboxes.total === 0 ? (
        <Line>{m.noMailboxes}</Line>
      ) : mailboxes.failing.length === 0 ? (
        <Line>{m.noFailingMailboxes}</Line>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {mailboxes.failing.map((box) => (
            <li key={box.id} className="px-6 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-all">{box.email}</span>
                <Tone tone={box.status === 'error' ? 'danger' : 'warning'}>
                  {box.status === 'error' ? 'Error' : 'Paused'}
                </Tone>
                <span className="text-slate-500 dark:text-slate-400">
                  since {formatDistanceToNow(new Date(box.since), { addSuffix: false })}
                </span>
              </div>
              {box.reason && <p className="mt-1 text-slate-700 dark:text-slate-300">{box.reason}</p>}
            </li>
          ))}
          {mailboxes.failingCount > mailboxes.failing.length && (
            <li className="px-6 py-3 text-sm text-slate-500">
              and {mailboxes.failingCount - mailboxes.failing.length} more
            </li>
          )}
        </ul>
      )}
    </Section>
  );
}

function Webhooks({ webhooks }: { webhooks: SystemStatus['webhooks'] }) {
  return (
    <Section
      title="Webhooks"
      note="This workspace's deliveries waiting to be posted, and endpoints that stopped answering."
      badge={
        webhooks.failingCount > 0 ? (
          <Tone tone="danger">{webhooks.failingCount} failing</Tone>
        ) : webhooks.pending > 0 ? (
          <Tone tone="info">{webhooks.pending} waiting</Tone>
        ) : (
          <Tone tone="success">Clear</Tone>
        )
      }
    >
      <Line>
        {webhooks.pending === 0
          ? m.noWebhookBacklog
          : `${webhooks.pending} ${webhooks.pending === 1 ? 'delivery' : 'deliveries'} waiting; the oldest for ${formatAge(webhooks.oldestPendingSeconds)}.`}
      </Line>
      {webhooks.failingEndpoints.length === 0 ? (
        <div className="mt-2">
          <Line>{m.noFailingEndpoints}</Line>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {webhooks.failingEndpoints.map((endpoint) => (
            <li key={endpoint.id} className="px-6 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs break-all">{endpoint.url}</span>
                {endpoint.disabledAt ? (
                  <Tone tone="neutral">Disabled</Tone>
                ) : (
                  <Tone tone="danger">Failing</Tone>
                )}
              </div>
              <p className="mt-1 text-slate-600 dark:text-slate-400">
                {endpoint.disabledAt
                  ? `Disabled ${formatDateTime(endpoint.disabledAt)}`
                  : `Failing since ${formatDateTime(endpoint.failingSince!)}`}
                {` · ${endpoint.pending} waiting`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Monitoring({ monitoring }: { monitoring: SystemStatus['monitoring'] }) {
  const late = (monitoring.maxLagSeconds ?? 0) > LATE_SECONDS;
  return (
    <Section
      title="Link monitoring"
      note="This workspace's live links whose scheduled check is due and not yet made."
      badge={
        monitoring.total > 0 &&
        (late ? <Tone tone="warning">Behind</Tone> : <Tone tone="success">On time</Tone>)
      }
    >
      <Line>
        {monitoring.total === 0
          ? m.noLiveLinks
          : monitoring.overdue === 0
            ? m.noOverdueChecks
            : `${monitoring.overdue} of ${monitoring.total} live ${monitoring.total === 1 ? 'link' : 'links'} due for a check; the latest is ${formatAge(monitoring.maxLagSeconds)} late.`}
      </Line>
    </Section>
  );
}

function Backups({ backup }: { backup: SystemStatus['backup'] }) {
  const last = backup.last;
  return (
    <Section
      title="Backups"
      note="Install-wide: the scheduled backups of this server (BACKUP_CRON)."
      badge={
        last &&
        (last.status === 'succeeded' ? (
          <Tone tone="success">Succeeded</Tone>
        ) : (
          <Tone tone="danger">Failed</Tone>
        ))
      }
    >
      {!last ? (
        <Line>{backup.scheduled ? m.noBackupYet : m.backupNotScheduled}</Line>
      ) : (
        <div className="space-y-1 px-6 text-sm text-slate-700 dark:text-slate-300">
          <p>
            Last run {formatDateTime(last.finishedAt)}
            {last.status === 'succeeded' && last.bytes !== null && ` · ${formatBytes(last.bytes)}`}
            {last.file && (
              <>
                {' · '}
                <span className="font-mono text-xs break-all">{last.file}</span>
              </>
            )}
          </p>
          {last.status === 'failed' && (
            <>
              <p className="text-red-700 dark:text-red-300">{last.error ?? 'The backup failed.'}</p>
              <p>
                {backup.lastSucceededAt
                  ? `The last good backup is from ${formatDateTime(backup.lastSucceededAt)}.`
                  : 'No backup has succeeded yet.'}
              </p>
            </>
          )}
          {!backup.scheduled && <p className="text-slate-500">{m.backupNotScheduled}</p>}
        </div>
      )}
    </Section>
  );
}

/**
 * Settings → System (docs/product.md#system), for Full Access members: the job queues and the last
 * backup (both install-wide, as the page says), and this workspace's failing mailboxes, webhook
 * backlog and failing endpoints, and link-monitoring lag. Read again every 30 seconds and on Refresh.
 */
export function SystemTab() {
  const status = useSystemStatus();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {status.data
            ? `Checked ${formatDateTime(status.data.checkedAt)}`
            : 'How the background work is doing.'}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void status.refetch()}
          disabled={status.isFetching}
        >
          <RefreshCw aria-hidden className={`size-4 ${status.isFetching ? 'animate-spin' : ''}`} />
          Refresh
        </Button>
      </div>
      {status.isPending ? (
        <Card>
          <TableSkeleton rows={6} />
        </Card>
      ) : status.isError ? (
        <Card>
          <ErrorState message={m.loadFailed} onRetry={() => void status.refetch()} />
        </Card>
      ) : (
        <>
          <Queues queues={status.data.queues} />
          <div className="grid gap-6 lg:grid-cols-2">
            <Mailboxes mailboxes={status.data.mailboxes} />
            <Webhooks webhooks={status.data.webhooks} />
            <Monitoring monitoring={status.data.monitoring} />
            <Backups backup={status.data.backup} />
          </div>
        </>
      )}
    </div>
  );
}
