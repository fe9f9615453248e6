import { useQuery } from '@tanstack/react-query';
import { Download, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { SortOrder } from '#shared/schemas/pagination';
import {
  contactListQuerySchema,
  contactMessages as m,
  prospectStatuses,
  type CampaignProspectSortField,
  type Contact,
  type ProspectStatus,
} from '#shared/schemas/prospects';
import { DeleteDialog } from '#web/components/delete-dialog';
import { PagedQueryCard } from '#web/components/query-card';
import { Button } from '#web/components/ui/button';
import { DeleteButton } from '#web/components/ui/delete-button';
import { EmptyState, PageHeader } from '#web/components/ui/page-states';
import { SearchInput } from '#web/components/ui/search-input';
import { Select } from '#web/components/ui/select';
import { ActionsHeader, SortHeader, Table, Td, Th } from '#web/components/ui/table';
import { useDebouncedValue } from '#web/lib/use-debounced-value';
import { useListParams } from '#web/lib/use-list-params';
import { useDeleteProspect } from '#web/data/prospect-mutations';
import { useContactPage } from '#web/data/prospect-queries';
import { campaignOptionsQuery } from '#web/data/campaign-options';
import { clientFilterOptions, clientIdOf, clientOptionsQuery, clientParam } from '#web/data/client-options';
import {
  LastContactedCell,
  OutcomeDate,
  ProspectIdentityCells,
  ProspectIdentityHeaders,
  ProspectScoreCells,
  ProspectScoreHeaders,
} from '#web/widgets/prospects/prospect-cells';
import {
  MetricCells,
  MetricFilter,
  MetricHeaders,
  metricsPresent,
} from '#web/widgets/prospects/metric-cells';
import { ProspectStatusBadge } from '#web/widgets/prospects/prospect-status-badge';
import type { DomainMetricName } from '#shared/seo-exports/formats';
import {
  CustomFieldFilter,
  customFilterQuery,
  noCustomFilter,
  type CustomFilterValue,
} from '#web/widgets/prospects/custom-field-filter';
import { useCustomFields } from '#web/data/custom-field-queries';
import { downloadContactsCsv } from '../api/download-contacts-csv';
import { DomainMemoryNote, DoNotContactButton } from './domain-memory';
import { displayUrl } from '#shared/display-host';

const ALL = 'all';
const PAGE_SIZE = 25;
const statusOptions = [
  { value: ALL, label: 'All Status' },
  ...prospectStatuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];
type ListParams = {
  search: string;
  campaignId: string | undefined;
  status: ProspectStatus | undefined;
  /** 'all', 'none' (campaigns of no client) or a client's id: `?client=` as on the campaigns list. */
  client: string;
  /** The metric filter as typed (docs/decisions/033): DR ≥ `min`; a minimum alone filters nothing. */
  metric: DomainMetricName | '';
  min: string;
  sort: CampaignProspectSortField;
  order: SortOrder;
  page: number;
} & CustomFilterValue;
const defaults: ListParams = {
  search: '',
  campaignId: undefined,
  status: undefined,
  client: 'all',
  metric: '',
  min: '',
  ...noCustomFilter,
  sort: 'createdAt',
  order: 'desc',
  page: 1,
};

/** The list's params from the URL query, read with the server's schema; a query it refuses reads as none. */
function readListParams(query: Record<string, string>): ListParams {
  const parsed = contactListQuerySchema.safeParse(query);
  if (!parsed.success) return defaults;
  const { campaignId, status, metric, min, sort, order, page, field, op } = parsed.data;
  // The box shows what was typed; the request trims it.
  return {
    search: query.search ?? '',
    campaignId,
    status,
    client: clientParam(query.client),
    metric: metric ?? '',
    min: min === undefined ? '' : String(min),
    field: field ?? '',
    op,
    // As typed, like the search box: the request trims it.
    value: query.value ?? '',
    sort,
    order,
    page,
  };
}

/**
 * /dashboard/contacts (docs/product.md#contacts): every prospect across the user's campaigns, searched and filtered on
 * the server (a custom field filter too, docs/decisions/044-custom-fields.md), with its domain's memory and do-not-contact toggle (docs/decisions/011-replies-history-and-domain-memory.md).
 */
export function ContactsPage() {
  const [params, set] = useListParams(readListParams, defaults);
  const { search, page, client, metric, min, field, op, value, ...rest } = params;
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [exporting, setExporting] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim());
  const metricFilter = metric && min !== '' ? { metric, min: Number(min) } : {};
  const customFilter = customFilterQuery({ field, op, value: useDebouncedValue(value.trim()) });
  const filters = {
    ...rest,
    ...metricFilter,
    ...customFilter,
    clientId: clientIdOf(client),
    search: debouncedSearch,
  };
  const customFields = useCustomFields().data ?? [];
  const query = useContactPage({ ...filters, page, pageSize: PAGE_SIZE });
  const campaigns = useQuery(campaignOptionsQuery());
  const clients = useQuery(clientOptionsQuery());
  const remove = useDeleteProspect();
  const filtered = Boolean(
    filters.search ||
    filters.campaignId ||
    filters.status ||
    filters.clientId ||
    'metric' in metricFilter ||
    customFilter.field,
  );
  const sortBy = (field: CampaignProspectSortField) =>
    set({ sort: field, order: params.sort === field && params.order === 'desc' ? 'asc' : 'desc' });
  // The metric filter appears once a contact has imported metrics (or one is being filtered on).
  const showMetricFilter = Boolean(metric) || metricsPresent(query.data?.items ?? []).length > 0;

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadContactsCsv(filters);
    } catch {
      toast.error(m.exportFailed);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title="Contacts"
        subtitle="Manage your prospect contacts across all campaigns"
        actions={
          <Button variant="outline" loading={exporting} onClick={exportCsv}>
            <Download aria-hidden className="size-4" /> Export CSV
          </Button>
        }
      />
      <div className="flex flex-col gap-3 md:flex-row">
        <SearchInput
          className="flex-1"
          aria-label="Search contacts"
          placeholder="Search contacts..."
          value={search}
          onChange={(e) => set({ search: e.target.value }, { replace: true })}
        />
        <Select
          aria-label="Filter by campaign"
          className="md:w-56"
          value={params.campaignId ?? ALL}
          onValueChange={(v) => set({ campaignId: v === ALL ? undefined : v })}
          disabled={campaigns.isError}
          options={[
            { value: ALL, label: 'All Campaigns' },
            ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <Select
          aria-label="Filter by status"
          className="md:w-44"
          value={params.status ?? ALL}
          onValueChange={(v) => set({ status: v === ALL ? undefined : (v as ProspectStatus) })}
          options={statusOptions}
        />
        {/* Once the workspace has clients (docs/decisions/040-client-role.md). */}
        {(clients.data?.length ?? 0) > 0 && (
          <Select
            aria-label="Filter by client"
            className="md:w-48"
            value={client}
            options={clientFilterOptions(clients.data)}
            onValueChange={(v) => set({ client: v })}
          />
        )}
        {showMetricFilter && (
          <MetricFilter value={{ metric, min }} onChange={(next) => set(next, { replace: true })} />
        )}
      </div>
      {/* Once the workspace has custom fields (docs/decisions/044-custom-fields.md). */}
      {customFields.length > 0 && (
        <CustomFieldFilter
          fields={customFields}
          value={{ field, op, value }}
          onChange={(next) => set(next, { replace: true })}
        />
      )}
      {campaigns.isError && <p className="text-sm text-red-600 dark:text-red-400">{m.loadCampaignsFailed}</p>}

      <PagedQueryCard
        query={query}
        errorMessage={m.loadFailed}
        pager={{ page, pageSize: PAGE_SIZE, onPageChange: (next) => set({ page: next }), noun: 'contacts' }}
        empty={
          filtered ? (
            <EmptyState icon={Search} title="No contacts match">
              Try another search, campaign, status, client or metric.
            </EmptyState>
          ) : (
            <EmptyState icon={Users} title="No contacts yet">
              Create a campaign and add prospects to see your contacts here.
            </EmptyState>
          )
        }
      >
        {(data) => {
          const metrics = metricsPresent(data.items);
          return (
            <Table>
              <thead>
                <tr>
                  <ProspectIdentityHeaders />
                  <Th>Campaign</Th>
                  <Th>Status</Th>
                  <ProspectScoreHeaders
                    daSort={{
                      order: params.sort === 'daScore' ? params.order : null,
                      onSort: () => sortBy('daScore'),
                    }}
                  />
                  <MetricHeaders
                    names={metrics}
                    sort={{ field: params.sort, order: params.order }}
                    onSort={sortBy}
                  />
                  <SortHeader
                    label="Last Contacted"
                    order={params.sort === 'lastContacted' ? params.order : null}
                    onSort={() => sortBy('lastContacted')}
                  />
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {data.items.map((c) => (
                  <tr key={c.id}>
                    <ProspectIdentityCells prospect={c} />
                    <Td>{c.campaignName}</Td>
                    <Td>
                      <ProspectStatusBadge status={c.status} />
                      <OutcomeDate prospect={c} />
                      <DomainMemoryNote contact={c} />
                    </Td>
                    <ProspectScoreCells prospect={c} />
                    <MetricCells prospect={c} names={metrics} />
                    <LastContactedCell prospect={c} />
                    <Td className="text-right whitespace-nowrap">
                      <DoNotContactButton contact={c} />
                      <DeleteButton
                        label={`Delete ${displayUrl(c.website)}`}
                        onClick={() => setDeleting(c)}
                      />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          );
        }}
      </PagedQueryCard>
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete Contact"
        description={(c) => (
          <>
            Delete <strong>{displayUrl(c.website)}</strong> from {c.campaignName}? This cannot be undone.
          </>
        )}
        remove={remove}
        done={m.deleted}
        failed={m.deleteFailed}
      />
    </div>
  );
}
