import { useQuery } from '@tanstack/react-query';
import { Download, Pencil, Receipt, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { formatMoney } from '#shared/money';
import { apiPaths, withQuery } from '#shared/paths';
import {
  paymentStatusLabels,
  paymentStatuses,
  placementMessages as m,
  placementTotalsGroups,
  type PaymentStatus,
  type Placement,
} from '#shared/schemas/placements';
import { displayUrl } from '#shared/display-host';
import { DeleteDialog } from '#web/components/delete-dialog';
import { PagedQueryCard } from '#web/components/query-card';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { DeleteButton } from '#web/components/ui/delete-button';
import { EmptyState, PageHeader } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { ActionsHeader, Table, Td, Th } from '#web/components/ui/table';
import { campaignOptionsQuery } from '#web/data/campaign-options';
import { clientFilterOptions, clientOptionsQuery } from '#web/data/client-options';
import { refusalMessage } from '#web/lib/form-errors';
import { formatDate } from '#web/lib/format';
import { useListParams } from '#web/lib/use-list-params';
import { claimStatusLabels, placementIssueText, type PlacementIssue } from '#shared/schemas/claims';
import { useDeletePlacement, useImportPlacements, usePlacementPage } from '../api/placement-queries';
import { PlacementDialog } from './placement-dialog';
import { PlacementTotalsCard } from './placement-totals';
import { ClaimDialog, claimTone } from './claim-dialog';
import { ClaimsCard, claimFilters } from './claims-card';
import { MetricsAtLive } from './metrics-at-live';

const paramsSchema = z.object({
  claims: z.enum(claimFilters).catch('active'),
  claim: z.string().catch(''),
  claimsPage: z.coerce.number().int().min(1).catch(1),
  client: z.string().catch('all'),
  campaign: z.string().catch('all'),
  payment: z.enum(['all', ...paymentStatuses]).catch('all'),
  group: z.enum(placementTotalsGroups).catch('client'),
  page: z.coerce.number().int().min(1).catch(1),
});
type ListParams = z.infer<typeof paramsSchema>;
const defaults: ListParams = {
  claims: 'active',
  claim: '',
  claimsPage: 1,
  client: 'all',
  campaign: 'all',
  payment: 'all',
  group: 'client',
  page: 1,
};
const readParams = (query: Record<string, string>) => paramsSchema.parse({ ...defaults, ...query });

const PAGE_SIZE = 25;
const paymentTone: Record<PaymentStatus, BadgeTone> = {
  unpaid: 'warning',
  paid: 'success',
  refunded: 'neutral',
};

/** The money of one placement in its own currency, or a dash. */
function Price({ p }: { p: Placement }) {
  return p.priceMinor !== null && p.currency ? (
    <span className="tabular-nums">{formatMoney(p.priceMinor, p.currency)}</span>
  ) : (
    <span className="text-slate-400">—</span>
  );
}

/** A placement's URL, shortened, opening in a new tab. */
function Url({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="break-all text-indigo-700 hover:underline dark:text-indigo-300"
    >
      {displayUrl(url)}
    </a>
  );
}

/**
 * A placement's warranty (docs/product.md#warranty-claims): its end or that it ended, what the last
 * check found wrong against the agreed terms, and the waiting claim, which opens its dialog.
 */
function Warranty({ p, onOpenClaim }: { p: Placement; onOpenClaim: (claimId: string) => void }) {
  const today = new Date().toISOString().slice(0, 10);
  const issues = (p.monitorIssues ?? []) as PlacementIssue[];
  return (
    <>
      {!p.warrantyMonths || !p.warrantyEndsOn ? (
        <span className="text-slate-500 dark:text-slate-400">No warranty</span>
      ) : p.warrantyEndsOn < today ? (
        <span className="text-slate-500 dark:text-slate-400">
          Warranty ended {formatDate(p.warrantyEndsOn)}
        </span>
      ) : (
        <span>Warranty to {formatDate(p.warrantyEndsOn)}</span>
      )}
      {p.warrantyMonths ? (
        <span className="block text-xs text-slate-500 dark:text-slate-400">{p.warrantyMonths} months</span>
      ) : null}
      {issues.length > 0 && (
        <span className="block text-xs text-red-700 dark:text-red-300">
          {issues.map((i) => placementIssueText[i] ?? i).join('; ')}
        </span>
      )}
      {p.openClaim && (
        <button
          type="button"
          className="mt-1 block rounded-full focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          aria-label={`Open claim on ${p.pageUrl}`}
          onClick={() => onOpenClaim(p.openClaim!.id)}
        >
          <Badge tone={claimTone[p.openClaim.status]}>
            {p.openClaim.restoreSuggested
              ? 'Link back?'
              : p.openClaim.status === 'open'
                ? 'Claim open'
                : claimStatusLabels[p.openClaim.status]}
          </Badge>
        </button>
      )}
    </>
  );
}

/**
 * /dashboard/placements (docs/product.md#placements): the ledger of won links by client, campaign and
 * payment status, the spend per currency, edit, CSV export and import; the replacement claims above
 * them (docs/product.md#warranty-claims).
 */
export function PlacementsPage() {
  const [params, set] = useListParams(readParams, defaults);
  const [editing, setEditing] = useState<Placement | null>(null);
  const [deleting, setDeleting] = useState<Placement | null>(null);
  const [importErrors, setImportErrors] = useState<{ row: number; messages: string[] }[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const filters = {
    clientId: params.client === 'all' ? undefined : params.client,
    campaignId: params.campaign === 'all' ? undefined : params.campaign,
    paymentStatus: params.payment === 'all' ? undefined : params.payment,
  };
  const query = usePlacementPage({ ...filters, page: params.page, pageSize: PAGE_SIZE });
  const clients = useQuery(clientOptionsQuery());
  const campaigns = useQuery(campaignOptionsQuery());
  const remove = useDeletePlacement();
  const importCsv = useImportPlacements();
  const filtered = Object.values(filters).some(Boolean);

  const onImport = async (file: File) => {
    setImportErrors([]);
    await importCsv.mutateAsync(await file.text()).then(
      (result) => {
        if (result.errors.length) {
          setImportErrors(result.errors);
          toast.error('Nothing was imported: fix the rows listed and import the file again.');
        } else toast.success(`${result.imported} placement${result.imported === 1 ? '' : 's'} imported`);
      },
      (caught: unknown) => toast.error(refusalMessage(caught, m.importFailed)),
    );
  };

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title="Placements"
        subtitle="The links you won, with their terms, price, payment and warranty"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <a href={withQuery(apiPaths.placementsExport, filters)} download>
                <Download aria-hidden className="size-4" /> Export CSV
              </a>
            </Button>
            <Button
              variant="outline"
              loading={importCsv.isPending}
              onClick={() => fileInput.current?.click()}
            >
              {!importCsv.isPending && <Upload aria-hidden className="size-4" />} Import CSV
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              className="hidden"
              aria-label="CSV file of placements"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void onImport(file);
              }}
            />
          </div>
        }
      />
      {importErrors.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
        >
          <p className="font-medium">Nothing was imported. Fix these rows and import the file again:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {importErrors.map((e) => (
              <li key={e.row}>
                Row {e.row}: {e.messages.join('; ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Select
          aria-label="Filter by client"
          className="w-full sm:w-48"
          value={params.client}
          options={clientFilterOptions(clients.data)}
          onValueChange={(v) => set({ client: v })}
        />
        <Select
          aria-label="Filter by campaign"
          className="w-full sm:w-48"
          value={params.campaign}
          options={[
            { value: 'all', label: 'All campaigns' },
            ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          onValueChange={(v) => set({ campaign: v })}
        />
        <Select
          aria-label="Filter by payment status"
          className="w-full sm:w-44"
          value={params.payment}
          options={[
            { value: 'all', label: 'Any payment' },
            ...paymentStatuses.map((s) => ({ value: s, label: paymentStatusLabels[s] })),
          ]}
          onValueChange={(v) => set({ payment: v as ListParams['payment'] })}
        />
      </div>
      <ClaimsCard
        filter={params.claims}
        page={params.claimsPage}
        onFilterChange={(claims) => set({ claims, claimsPage: 1, page: params.page })}
        onPageChange={(claimsPage) => set({ claimsPage, page: params.page })}
        onOpen={(claim) => set({ claim, page: params.page })}
      />
      <PlacementTotalsCard
        filters={filters}
        groupBy={params.group}
        onGroupChange={(group) => set({ group, page: params.page })}
      />
      <PagedQueryCard
        query={query}
        errorMessage={m.loadFailed}
        isEmpty={(data) => data.total === 0 && !filtered}
        pager={{
          page: params.page,
          pageSize: PAGE_SIZE,
          onPageChange: (page) => set({ page }),
          noun: 'placements',
        }}
        heading={
          <div className="border-b border-slate-200 p-4 dark:border-slate-800">
            <h2 className="font-semibold">Ledger</h2>
          </div>
        }
        empty={
          <EmptyState icon={Receipt} title="No placements yet">
            A placement opens when you mark a prospect Success, or from a live link. Import a CSV to bring in
            an existing ledger.
          </EmptyState>
        }
      >
        {(data) => (
          <>
            {data.total === 0 && (
              <p className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">
                No placements match these filters.
              </p>
            )}
            <Table className={data.total === 0 ? 'hidden' : 'min-w-[56rem]'}>
              <thead>
                <tr>
                  <Th>Page</Th>
                  <Th>Client · Campaign</Th>
                  <Th>Anchor · Rel</Th>
                  <Th>Date live</Th>
                  <Th>Price</Th>
                  <Th>Payment</Th>
                  <Th>Warranty</Th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {data.items.map((p) => (
                  <tr key={p.id}>
                    <Td>
                      <Url url={p.pageUrl} />
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        → {displayUrl(p.targetUrl)}
                      </span>
                    </Td>
                    <Td>
                      {p.clientName ?? <span className="text-slate-400">No client</span>}
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {p.campaignName ?? '—'}
                      </span>
                    </Td>
                    <Td>
                      {p.anchorText || <span className="text-slate-400">—</span>}
                      <span className="block text-xs text-slate-500 dark:text-slate-400">{p.rel}</span>
                    </Td>
                    <Td>
                      {p.liveAt ? formatDate(p.liveAt) : '—'}
                      <MetricsAtLive placement={p} />
                    </Td>
                    <Td>
                      <Price p={p} />
                    </Td>
                    <Td>
                      <Badge tone={paymentTone[p.paymentStatus]}>
                        {paymentStatusLabels[p.paymentStatus]}
                      </Badge>
                    </Td>
                    <Td>
                      <Warranty p={p} onOpenClaim={(claim) => set({ claim, page: params.page })} />
                    </Td>
                    <Td className="whitespace-nowrap text-right">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={`Edit placement ${p.pageUrl}`}
                        title="Edit"
                        onClick={() => setEditing(p)}
                      >
                        <Pencil aria-hidden className="size-4" />
                      </Button>
                      <DeleteButton label={`Delete placement ${p.pageUrl}`} onClick={() => setDeleting(p)} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </PagedQueryCard>
      <PlacementDialog placement={editing} onClose={() => setEditing(null)} />
      <ClaimDialog claimId={params.claim || null} onClose={() => set({ claim: '', page: params.page })} />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete placement"
        description={(p) =>
          `Delete the placement on ${displayUrl(p.pageUrl)}? Its price, payment and invoice go with it.`
        }
        remove={remove}
        done={m.deleted}
        failed={m.deleteFailed}
      />
    </div>
  );
}
