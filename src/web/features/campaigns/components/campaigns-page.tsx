import { Megaphone, Plus, Search } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { mayDeleteCampaign } from '#shared/roles';
import { campaignFigures as figures, formatPercent, responseRate, successRate } from '#shared/rates';
import {
  campaignListFilters,
  campaignMessages as m,
  campaignOwnerFilters,
  type Campaign,
} from '#shared/schemas/campaigns';
import type { SortOrder } from '#shared/schemas/pagination';
import { PagedQueryCard } from '#web/components/query-card';
import { Button } from '#web/components/ui/button';
import { DeleteButton } from '#web/components/ui/delete-button';
import { HelpTip } from '#web/components/ui/help-tip';
import { EmptyState, PageHeader } from '#web/components/ui/page-states';
import { SearchInput } from '#web/components/ui/search-input';
import { Select } from '#web/components/ui/select';
import { ActionsHeader, SortHeader, Table, Td, Th } from '#web/components/ui/table';
import { formatDate } from '#web/lib/format';
import { useDebouncedValue } from '#web/lib/use-debounced-value';
import { clientFilterOptions, clientOptionsQuery } from '#web/data/client-options';
import { useMe } from '#web/data/session-queries';
import { pageFrom, useListParams } from '#web/lib/use-list-params';
import { firstCampaignListQuery as first } from '../api/campaign-list-query';
import { useCampaignPage } from '../api/campaign-queries';
import { campaignsHeading } from '../campaigns-heading';
import { CampaignStatusBadge } from './campaign-status-badge';
import { DeleteCampaignDialog } from './delete-campaign-dialog';
import { displayUrl } from '#shared/display-host';

// The create dialog (its forms, their schemas and the CSV import) is a chunk of its own, loaded when it
// first opens: the list's first screen does not evaluate it (docs/decisions/022-dashboard-first-load.md).
const CreateCampaignDialog = lazy(() =>
  import('./create-campaign-dialog').then((module) => ({ default: module.CreateCampaignDialog })),
);

type Filter = (typeof campaignListFilters)[number];
type OwnerFilter = (typeof campaignOwnerFilters)[number];
type ListParams = {
  status: Filter;
  owner: OwnerFilter;
  /** 'all', 'none' (the agency's own campaigns) or a client's id. */
  client: string;
  search: string;
  page: number;
  order: SortOrder;
};
const defaults: ListParams = {
  status: first.status,
  owner: 'all',
  client: 'all',
  search: first.search,
  page: first.page,
  order: first.order,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's params from the URL query; what it cannot read is the first list's. */
function readListParams(query: Record<string, string>): ListParams {
  return {
    status: campaignListFilters.find((f) => f === query.status) ?? defaults.status,
    owner: campaignOwnerFilters.find((f) => f === query.owner) ?? defaults.owner,
    client: query.client === 'none' || UUID.test(query.client ?? '') ? query.client! : defaults.client,
    search: query.search?.slice(0, 200) ?? defaults.search,
    page: pageFrom(query),
    order: query.order === 'asc' ? 'asc' : defaults.order,
  };
}

const filterOptions = campaignListFilters.map((f) => ({
  value: f,
  label: f === 'all' ? 'All campaigns' : f[0]!.toUpperCase() + f.slice(1),
}));

// Not "All campaigns": that is the status filter's label, and both sit side by side.
const ownerOptions = [
  { value: 'all', label: "Everyone's campaigns" },
  { value: 'me', label: 'My campaigns' },
] satisfies { value: OwnerFilter; label: string }[];

/** "Collaborators: Bea Bee, Cy Ames", or null when the campaign has none. */
function collaboratorsLine(c: Campaign): string | null {
  return c.collaborators.length > 0
    ? `Collaborators: ${c.collaborators.map((p) => p.name).join(', ')}`
    : null;
}

/** A figure's column header (right-aligned like its numbers) with its definition in a tooltip. */
function FigureHeader({ figure }: { figure: { label: string; explained: string } }) {
  return (
    <Th className="text-right whitespace-nowrap">
      {figure.label}
      <HelpTip label={`How ${figure.label} is counted`}>{figure.explained}</HelpTip>
    </Th>
  );
}

/**
 * /dashboard: the campaign list (docs/product.md#dashboard) with status, owner ("My campaigns") and client filters,
 * search, each campaign's owner, collaborators and figures, create and delete (a member's delete only on their own
 * campaigns, docs/product.md#roles).
 */
export function CampaignsPage() {
  // The dashboard guard has loaded the session already; this reads it from the cache.
  const me = useMe().data;
  const [{ status, owner, client, search, page, order }, set] = useListParams(readListParams, defaults);
  const clients = useQuery(clientOptionsQuery());
  const [creating, setCreating] = useState(false);
  // Stays mounted once opened, so closing plays the dialog's exit animation like before.
  const [createOpened, setCreateOpened] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const query = useCampaignPage({
    status,
    // 'all' stays out of the request, so the first list asks for the very URL the server preloads.
    owner: owner === 'all' ? undefined : owner,
    clientId: client === 'all' ? undefined : client,
    search: debouncedSearch,
    page,
    pageSize: first.pageSize,
    order,
  });
  const filtered = status !== 'all' || owner !== 'all' || client !== 'all' || debouncedSearch !== '';
  const createButton = (label: string) => (
    <Button
      onClick={() => {
        setCreateOpened(true);
        setCreating(true);
      }}
    >
      <Plus aria-hidden className="size-4" /> {label}
    </Button>
  );

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title={campaignsHeading.title}
        subtitle={campaignsHeading.subtitle}
        actions={createButton('New Campaign')}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          className="flex-1"
          aria-label="Search campaigns"
          placeholder="Search by name or website..."
          value={search}
          onChange={(e) => set({ search: e.target.value }, { replace: true })}
        />
        <Select
          aria-label="Filter by status"
          className="sm:w-48"
          value={status}
          options={filterOptions}
          onValueChange={(v) => {
            set({ status: v as Filter });
          }}
        />
        <Select
          aria-label="Filter by owner"
          className="sm:w-48"
          value={owner}
          options={ownerOptions}
          onValueChange={(v) => {
            set({ owner: v as OwnerFilter });
          }}
        />
        {/* Once the workspace has clients (docs/decisions/034-clients-and-placements.md). */}
        {(clients.data?.length ?? 0) > 0 && (
          <Select
            aria-label="Filter by client"
            className="sm:w-48"
            value={client}
            options={clientFilterOptions(clients.data)}
            onValueChange={(v) => set({ client: v })}
          />
        )}
      </div>

      <PagedQueryCard
        query={query}
        errorMessage={m.loadListFailed}
        pager={{
          page,
          pageSize: first.pageSize,
          onPageChange: (next) => set({ page: next }),
          noun: 'campaigns',
        }}
        empty={
          filtered ? (
            <EmptyState icon={Search} title="No campaigns match">
              Try another search or filter.
            </EmptyState>
          ) : (
            <EmptyState
              icon={Megaphone}
              title="No campaigns yet"
              action={createButton('Create your first campaign')}
            >
              A campaign collects prospects for your website, from our AI or from your own CSV file.
            </EmptyState>
          )
        }
      >
        {(data) => (
          <Table>
            <thead>
              <tr>
                <Th>Campaign</Th>
                <Th>Status</Th>
                <FigureHeader figure={figures.prospects} />
                <Th className="text-right">Emails</Th>
                <FigureHeader figure={figures.responseRate} />
                <FigureHeader figure={figures.successRate} />
                <SortHeader
                  label="Created"
                  order={order}
                  onSort={() => set({ order: order === 'desc' ? 'asc' : 'desc' })}
                />
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {data.items.map((c) => (
                <tr key={c.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                  <Td>
                    <Link
                      to={paths.campaign(c.id)}
                      className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      {c.name}
                    </Link>
                    <div className="max-w-xs truncate text-xs text-slate-500 dark:text-slate-400">
                      {displayUrl(c.websiteUrl)}
                      {c.clientName && <span> · for {c.clientName}</span>}
                    </div>
                    <div
                      className="max-w-xs truncate text-xs text-slate-500 dark:text-slate-400"
                      title={collaboratorsLine(c) ?? undefined}
                    >
                      <span>Owner: {c.owner?.name ?? '—'}</span>
                      {c.collaborators.length > 0 && <span> · {collaboratorsLine(c)}</span>}
                    </div>
                  </Td>
                  <Td>
                    <CampaignStatusBadge status={c.status} />
                  </Td>
                  <Td className="text-right tabular-nums">{c.prospects}</Td>
                  <Td className="text-right tabular-nums">{c.emailsSent}</Td>
                  <Td className="text-right tabular-nums">{formatPercent(responseRate(c))}</Td>
                  <Td className="text-right tabular-nums">{formatPercent(successRate(c))}</Td>
                  <Td className="whitespace-nowrap">{formatDate(c.createdAt)}</Td>
                  <Td className="text-right">
                    {me && mayDeleteCampaign(me.role, me.id, c.owner?.id) && (
                      <DeleteButton label={`Delete ${c.name}`} onClick={() => setDeleting(c)} />
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryCard>
      {createOpened && (
        <Suspense fallback={null}>
          <CreateCampaignDialog open={creating} onOpenChange={setCreating} />
        </Suspense>
      )}
      <DeleteCampaignDialog campaign={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
