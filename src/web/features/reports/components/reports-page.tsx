import { useQuery } from '@tanstack/react-query';
import { Download, FileBarChart, Link2, Mail } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { apiPaths, withQuery } from '#shared/paths';
import {
  authorityNote,
  authorityText,
  drAtPlacementText,
  linkPriceText,
  reportFigures,
  reportStatusLabels,
} from '#shared/report-figures';
import { reportMessages as m, type Report, type ShareLink } from '#shared/schemas/reports';
import { campaignOptionsQuery } from '#web/data/campaign-options';
import { clientOptionsQuery } from '#web/data/client-options';
import { useMe } from '#web/data/session-queries';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Checkbox } from '#web/components/ui/checkbox';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { Table, Td, Th } from '#web/components/ui/table';
import { TextField } from '#web/components/ui/text-field';
import { refusalMessage } from '#web/lib/form-errors';
import {
  reportQuery,
  useCreateSchedule,
  useCreateShareLink,
  useReport,
  type ReportRequest,
} from '../api/report-queries';
import { BrandingCard } from './branding-card';
import { SchedulesCard, ShareLinksCard } from './report-lists';

const ReportChart = lazy(() => import('./report-chart'));

const day = (d: Date) => d.toISOString().slice(0, 10);
function defaultRange() {
  const now = new Date();
  return { from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1))), to: day(now) };
}

/**
 * /dashboard/reports (docs/product.md#reports): pick a client or campaign and dates, read the
 * report, download it as PDF or CSV, share it by link, schedule it by email; the share links, the
 * schedules and the workspace's white label below. The choice lives in the URL. With `ownClient`
 * (a member with the Client role, docs/decisions/040-client-role.md) the report is that client's
 * only, to read and download: no picker, no sharing, scheduling or white label.
 */
export function ReportsPage({ ownClient }: { ownClient?: { id: string; name: string } } = {}) {
  const [params, setParams] = useSearchParams();
  const defaults = defaultRange();
  const scope = ownClient ? `client:${ownClient.id}` : (params.get('scope') ?? '');
  const from = params.get('from') ?? defaults.from;
  const to = params.get('to') ?? defaults.to;
  const hideMoney = params.get('hideMoney') === 'true';
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch))
          if (value) next.set(key, value);
          else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const clients = useQuery({ ...clientOptionsQuery(), enabled: !ownClient });
  const campaigns = useQuery({ ...campaignOptionsQuery(), enabled: !ownClient });
  const [kind, id] = scope.split(':');
  const request: ReportRequest | null =
    id && (kind === 'client' || kind === 'campaign')
      ? { ...(kind === 'client' ? { clientId: id } : { campaignId: id }), from, to, hideMoney }
      : null;
  const report = useReport(request);
  const options = [
    ...(clients.data ?? []).map((c) => ({ value: `client:${c.id}`, label: `Client: ${c.name}` })),
    ...(campaigns.data ?? []).map((c) => ({ value: `campaign:${c.id}`, label: `Campaign: ${c.name}` })),
  ];

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title="Reports"
        subtitle={
          ownClient
            ? `The links built for ${ownClient.name}: their status now, the outreach behind them and what they cost`
            : 'What you built for a client: links, outreach and spend, to share or send'
        }
      />
      <Card className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4 sm:p-5">
        {!ownClient && (
          <div>
            <label htmlFor="report-scope" className="text-sm font-medium">
              Client or campaign
            </label>
            <Select
              id="report-scope"
              value={scope || undefined}
              onValueChange={(value) => set({ scope: value })}
              options={options}
              placeholder="Choose…"
              className="mt-1.5"
            />
          </div>
        )}
        <TextField label="From" type="date" value={from} onChange={(e) => set({ from: e.target.value })} />
        <TextField label="To" type="date" value={to} onChange={(e) => set({ to: e.target.value })} />
        <Checkbox
          className="self-end pb-2"
          label="Hide money"
          hint="Leave prices and spend out of this report"
          checked={hideMoney}
          onChange={(e) => set({ hideMoney: e.target.checked ? 'true' : undefined })}
        />
      </Card>
      {!request ? (
        <Card>
          <EmptyState icon={FileBarChart} title="Choose a client or a campaign">
            The report lists the links built in the dates you pick, their status now, the outreach behind them
            and what they cost.
          </EmptyState>
        </Card>
      ) : report.isPending ? (
        <Card>
          <TableSkeleton />
        </Card>
      ) : report.isError ? (
        <Card>
          <ErrorState
            message={refusalMessage(report.error, m.loadFailed)}
            onRetry={() => void report.refetch()}
          />
        </Card>
      ) : (
        <ReportView report={report.data} request={request} canShare={!ownClient} />
      )}
      {!ownClient && (
        <>
          <ShareLinksCard />
          <SchedulesCard />
          <BrandingCard />
        </>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="text-xs text-slate-500 dark:text-slate-400">{label}</div>
      <div className="text-xl font-semibold">{value}</div>
    </div>
  );
}

function ReportView({
  report,
  request,
  canShare,
}: {
  report: Report;
  request: ReportRequest;
  /** The team's: share links and schedules; a Client reads and downloads only. */
  canShare: boolean;
}) {
  const figures = reportFigures(report);
  const share = useCreateShareLink();
  const schedule = useCreateSchedule();
  const [created, setCreated] = useState<ShareLink | null>(null);
  const [frequency, setFrequency] = useState<'weekly' | 'monthly'>('monthly');
  const query = reportQuery(request);
  const scope = { clientId: request.clientId, campaignId: request.campaignId };
  // An install without its own SMTP server (SMTP_HOST) delivers nothing a schedule sends: say so here.
  const noAppMail = useMe().data?.verificationDelivery === 'log';

  const createShare = () =>
    share.mutateAsync({ ...scope, from: request.from, to: request.to, hideMoney: request.hideMoney }).then(
      (link) => {
        setCreated(link);
        toast.success(m.shared);
      },
      (caught: unknown) => toast.error(refusalMessage(caught, m.shareFailed)),
    );
  const createSchedule = () =>
    schedule.mutateAsync({ ...scope, frequency, hideMoney: request.hideMoney }).then(
      () => toast.success(m.scheduled),
      (caught: unknown) => toast.error(refusalMessage(caught, m.scheduleFailed)),
    );

  return (
    <div className="space-y-6">
      <Card className="space-y-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">{figures.title}</h2>
            <p className="text-sm text-slate-500 dark:text-slate-400">{figures.period}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <a href={withQuery(apiPaths.reportPdf, query)} download>
                <Download aria-hidden className="size-4" /> PDF
              </a>
            </Button>
            <Button variant="outline" asChild>
              <a href={withQuery(apiPaths.reportCsv, query)} download>
                <Download aria-hidden className="size-4" /> CSV
              </a>
            </Button>
            {canShare && (
              <Button loading={share.isPending} onClick={() => void createShare()}>
                {!share.isPending && <Link2 aria-hidden className="size-4" />} Create share link
              </Button>
            )}
          </div>
        </div>
        {created && (
          <div className="rounded-lg bg-indigo-50 p-3 text-sm dark:bg-indigo-500/10">
            <p className="font-medium">Share link (expires {created.expiresAt.slice(0, 10)})</p>
            <input
              readOnly
              aria-label="Share link"
              value={created.url}
              onFocus={(e) => e.target.select()}
              className="mt-1 w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
        )}
        {canShare && (
          <div className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            <div className="w-40">
              <label htmlFor="report-frequency" className="text-sm font-medium">
                Email it
              </label>
              <Select
                id="report-frequency"
                value={frequency}
                onValueChange={(v) => setFrequency(v as 'weekly' | 'monthly')}
                options={[
                  { value: 'weekly', label: 'Every week' },
                  { value: 'monthly', label: 'Every month' },
                ]}
                className="mt-1.5"
              />
            </div>
            <Button variant="outline" loading={schedule.isPending} onClick={() => void createSchedule()}>
              {!schedule.isPending && <Mail aria-hidden className="size-4" />} Schedule
            </Button>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              The PDF of the last full week or month goes to the client’s report addresses.
            </p>
            {noAppMail && (
              <p role="status" className="basis-full text-sm text-amber-700 dark:text-amber-400">
                {m.noMail}: ask whoever runs LinkPilot to set SMTP_HOST.
              </p>
            )}
          </div>
        )}
      </Card>

      <Card className="space-y-4 p-4 sm:p-5">
        <h3 className="font-semibold">Summary</h3>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Stat label="Links built" value={figures.linksBuilt} />
          {figures.statuses.map(([label, count]) => (
            <Stat key={label} label={label} value={count} />
          ))}
        </div>
        <h3 className="font-semibold">Outreach</h3>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-6">
          {figures.funnel.map(([label, value]) => (
            <Stat key={label} label={label} value={value} />
          ))}
        </div>
        {figures.money && (
          <>
            <h3 className="font-semibold">Spend</h3>
            {figures.money.length === 0 ? (
              <p className="text-sm text-slate-500">No priced links in this period.</p>
            ) : (
              <div className="grid gap-3 sm:grid-cols-3">
                {figures.money.map((line) => (
                  <div
                    key={line.currency}
                    className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
                  >
                    <div className="text-xs text-slate-500 dark:text-slate-400">
                      {line.currency} · {line.links} {line.links === '1' ? 'link' : 'links'}
                    </div>
                    <div className="text-xl font-semibold">{line.spend}</div>
                    <div className="text-sm text-slate-600 dark:text-slate-400">
                      {line.costPerLink} per link
                    </div>
                  </div>
                ))}
              </div>
            )}
            {figures.unpriced > 0 && (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                Links without a price: {figures.unpriced}
              </p>
            )}
          </>
        )}
        <h3 className="font-semibold">Links per month</h3>
        <Suspense fallback={<div className="h-56" />}>
          <ReportChart data={report.linksPerMonth} />
        </Suspense>
      </Card>

      <Card className="overflow-hidden">
        <h3 className="p-4 font-semibold sm:px-5">Links built</h3>
        {report.links.length === 0 ? (
          <p className="px-5 pb-5 text-sm text-slate-500">No links in this period.</p>
        ) : (
          <>
            <Table className="min-w-[56rem]">
              <thead>
                <tr>
                  <Th>Live URL</Th>
                  <Th>Target</Th>
                  <Th>Anchor</Th>
                  <Th>Rel</Th>
                  <Th>Authority</Th>
                  <Th>DR at placement</Th>
                  <Th>Date live</Th>
                  <Th>Status now</Th>
                  {!report.hideMoney && <Th>Price</Th>}
                </tr>
              </thead>
              <tbody>
                {report.links.map((l) => (
                  <tr key={l.placementId}>
                    <Td className="break-all">{l.pageUrl}</Td>
                    <Td className="break-all">{l.targetUrl}</Td>
                    <Td>{l.anchorText}</Td>
                    <Td>{l.rel}</Td>
                    <Td>{authorityText(l)}</Td>
                    <Td>{drAtPlacementText(l)}</Td>
                    <Td>{l.liveAt ?? 'not yet'}</Td>
                    <Td>{reportStatusLabels[l.status]}</Td>
                    {!report.hideMoney && <Td>{linkPriceText(l)}</Td>}
                  </tr>
                ))}
              </tbody>
            </Table>
            <p className="p-4 text-xs text-slate-500 dark:text-slate-400 sm:px-5">{authorityNote}</p>
          </>
        )}
      </Card>

      <Card className="p-4 sm:p-5">
        <h3 className="font-semibold">Lost and replaced links</h3>
        {report.lost.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No link was lost in this period.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {report.lost.map((l) => (
              <li key={l.placementId} className="break-all">
                Lost: {l.pageUrl} (to {l.targetUrl}) —{' '}
                {l.replacedBy ? `Replaced by: ${l.replacedBy.pageUrl}` : 'Not replaced yet'}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
