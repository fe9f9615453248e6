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
import { useDeletePlacement, useImportPlacements, usePlacementPage } from '../api/placement-queries';
import { PlacementDialog } from './placement-dialog';
import { PlacementTotalsCard } from './placement-totals';

const paramsSchema = z.object({
  client: z.string().catch('all'),
  campaign: z.string().catch('all'),
  payment: z.enum(['all', ...paymentStatuses]).catch('all'),
  group: z.enum(placementTotalsGroups).catch('client'),
  page: z.coerce.number().int().min(1).catch(1),
});
type ListParams = z.infer<typeof paramsSchema>;
const defaults: ListParams = { client: 'all', campaign: 'all', payment: 'all', group: 'client', page: 1 };
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
 * /dashboard/placements (docs/product.md#placements): the ledger of won links by client, campaign and
 * payment status, the spend per currency, edit, CSV export and import.
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
                    <Td>{p.liveAt ? formatDate(p.liveAt) : '—'}</Td>
                    <Td>
                      <Price p={p} />
                    </Td>
                    <Td>
                      <Badge tone={paymentTone[p.paymentStatus]}>
                        {paymentStatusLabels[p.paymentStatus]}
                      </Badge>
                    </Td>
                    <Td>
                      {p.warrantyMonths ? `${p.warrantyMonths} months` : 'None'}
                      {p.warrantyEndsOn && (
                        <span className="block text-xs text-slate-500 dark:text-slate-400">
                          until {formatDate(p.warrantyEndsOn)}
                        </span>
                      )}
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
