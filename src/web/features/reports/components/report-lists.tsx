import { CalendarClock, Link2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { reportMessages as m } from '#shared/schemas/reports';
import { PagedQueryCard } from '#web/components/query-card';
import { Badge } from '#web/components/ui/badge';
import { DeleteButton } from '#web/components/ui/delete-button';
import { EmptyState } from '#web/components/ui/page-states';
import { RevokeButton } from '#web/components/ui/revoke-button';
import { ActionsHeader, Table, Td, Th } from '#web/components/ui/table';
import { refusalMessage } from '#web/lib/form-errors';
import { useDeleteSchedule, useRevokeShareLink, useSchedules, useShareLinks } from '../api/report-queries';

const PAGE_SIZE = 10;

const heading = (title: string) => <h2 className="p-4 font-semibold sm:px-5">{title}</h2>;

/** The workspace's share links with their state, each revocable while active. */
export function ShareLinksCard() {
  const [page, setPage] = useState(1);
  const query = useShareLinks(page, PAGE_SIZE);
  const revoke = useRevokeShareLink();
  return (
    <PagedQueryCard
      query={query}
      heading={heading('Share links')}
      errorMessage={m.loadFailed}
      pager={{ page, pageSize: PAGE_SIZE, onPageChange: setPage, noun: 'share links' }}
      empty={
        <EmptyState icon={Link2} title="No share links yet">
          Create one from a report: anyone with the link can read it without signing in, until it expires or
          you revoke it.
        </EmptyState>
      }
    >
      {(data) => (
        <Table className="min-w-[44rem]">
          <thead>
            <tr>
              <Th>Report</Th>
              <Th>Dates</Th>
              <Th>Expires</Th>
              <Th>State</Th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {data.items.map((link) => (
              <tr key={link.id}>
                <Td>
                  <a
                    className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    href={link.url}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {link.scopeName}
                  </a>
                  {link.hideMoney && <span className="ml-2 text-xs text-slate-500">money hidden</span>}
                </Td>
                <Td>
                  {link.from} to {link.to}
                </Td>
                <Td>{link.expiresAt.slice(0, 10)}</Td>
                <Td>
                  <Badge
                    tone={
                      link.state === 'active' ? 'success' : link.state === 'revoked' ? 'danger' : 'neutral'
                    }
                  >
                    {link.state}
                  </Badge>
                </Td>
                <Td className="text-right">
                  {link.state === 'active' && (
                    <RevokeButton
                      label={`Revoke the share link of ${link.scopeName}`}
                      onClick={() =>
                        void revoke.mutateAsync(link.id).then(
                          () => toast.success(m.revoked),
                          (caught: unknown) => toast.error(refusalMessage(caught, m.revokeFailed)),
                        )
                      }
                    />
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </PagedQueryCard>
  );
}

/** The workspace's report schedules, with where they go and the period last sent. */
export function SchedulesCard() {
  const [page, setPage] = useState(1);
  const query = useSchedules(page, PAGE_SIZE);
  const remove = useDeleteSchedule();
  return (
    <PagedQueryCard
      query={query}
      heading={heading('Scheduled reports')}
      errorMessage={m.loadFailed}
      pager={{ page, pageSize: PAGE_SIZE, onPageChange: setPage, noun: 'schedules' }}
      empty={
        <EmptyState icon={CalendarClock} title="No scheduled reports">
          Schedule a report to email its PDF to the client every week or month.
        </EmptyState>
      }
    >
      {(data) => (
        <Table className="min-w-[44rem]">
          <thead>
            <tr>
              <Th>Report</Th>
              <Th>Every</Th>
              <Th>Sent to</Th>
              <Th>Last sent</Th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {data.items.map((s) => (
              <tr key={s.id}>
                <Td className="font-medium">{s.scopeName}</Td>
                <Td>{s.frequency === 'weekly' ? 'Week' : 'Month'}</Td>
                <Td className="break-all">
                  {s.recipients.join(', ') || (
                    <span className="text-amber-700 dark:text-amber-400">{m.noRecipients}</span>
                  )}
                </Td>
                <Td>{s.lastSentPeriod ?? 'Not yet'}</Td>
                <Td className="text-right">
                  <DeleteButton
                    label={`Delete the schedule of ${s.scopeName}`}
                    onClick={() =>
                      void remove.mutateAsync(s.id).then(
                        () => toast.success(m.unscheduled),
                        (caught: unknown) => toast.error(refusalMessage(caught, m.scheduleFailed)),
                      )
                    }
                  />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </PagedQueryCard>
  );
}
