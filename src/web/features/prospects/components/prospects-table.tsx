import { Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { campaignMessages as m } from '#shared/schemas/campaigns';
import type { SortOrder } from '#shared/schemas/pagination';
import { outreachMessages } from '#shared/schemas/outreach';
import type { CampaignProspectSortField, Prospect } from '#shared/schemas/prospects';
import { PagedQueryCard } from '#web/components/query-card';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/page-states';
import { refusalMessage } from '#web/lib/form-errors';
import { SortHeader, Table, Td, Th } from '#web/components/ui/table';
import { useEnrollProspect, useUpdateProspectStatus } from '#web/data/prospect-mutations';
import { useCampaignProspects } from '#web/data/prospect-queries';
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
  type MetricFilterValue,
} from '#web/widgets/prospects/metric-cells';
import { ProspectStatusBadge } from '#web/widgets/prospects/prospect-status-badge';
import { ProspectTimelineDrawer } from './prospect-timeline-drawer';
import { displayUrl } from '#shared/display-host';
import { metricLabels } from '#shared/seo-exports/formats';
import { VerifyAddressesButton } from './verify-addresses-button';
import { customValueText } from '#shared/custom-field-values';
import { customFilterOpLabels } from '#shared/schemas/custom-fields';
import { useCustomFields } from '#web/data/custom-field-queries';
import {
  CustomFieldFilter,
  customFilterQuery,
  noCustomFilter,
  type CustomFilterValue,
} from '#web/widgets/prospects/custom-field-filter';

const PAGE_SIZE = 25;
type Sort = { field: CampaignProspectSortField; order: SortOrder };

/**
 * Website, contact (name, email), LinkPilot Score, imported metrics (DR, DA, TF… when any row has them; sortable, with a
 * minimum filter), relevance, status (with an outcome's date), last contacted, and
 * Send / Success / Failed (docs/product.md#campaign-detail). Best DA first until another header is
 * clicked (unscored prospects last, newest first among equals, so a CSV keeps the file's order); the
 * server sorts. Send enrolls the prospect in the campaign's outreach
 * (docs/decisions/009-outreach-sending.md); the row turns 'Sent' when its first email has gone out.
 * The website opens the prospect's history and custom field values; a custom field filter (equals,
 * contains, empty, not empty; docs/decisions/044-custom-fields.md) shows that field's column. The rows follow sends, replies and bounces through live
 * events (lib/live-events.ts).
 */
export function ProspectsTable({ campaignId }: { campaignId: string }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>({ field: 'daScore', order: 'desc' });
  const [filter, setFilter] = useState<MetricFilterValue>({ metric: '', min: '' });
  const [customFilter, setCustomFilter] = useState<CustomFilterValue>(noCustomFilter);
  const customFields = useCustomFields().data ?? [];
  const filteredField = customFields.find((f) => f.key === customFilter.field);
  const min = Number(filter.min);
  const query = useCampaignProspects(campaignId, {
    page,
    pageSize: PAGE_SIZE,
    sort: sort.field,
    order: sort.order,
    ...(filter.metric && filter.min !== '' && Number.isFinite(min) ? { metric: filter.metric, min } : {}),
    ...customFilterQuery(customFilter),
  });
  const update = useUpdateProspectStatus();
  const enroll = useEnrollProspect();
  const [openId, setOpenId] = useState<string | null>(null);

  const setStatus = (prospect: Prospect, status: 'success' | 'failed') =>
    update.mutate({ id: prospect.id, status }, { onError: () => toast.error(m.updateProspectFailed) });
  const sortBy = (field: Sort['field']) => {
    setSort((s) => ({ field, order: s.field === field && s.order === 'desc' ? 'asc' : 'desc' }));
    setPage(1);
  };
  const busyId = update.isPending ? update.variables?.id : undefined;
  // The metric filter appears once the campaign has imported metrics (or one is being filtered on):
  // without them it would only push the table down.
  const showMetricFilter = Boolean(filter.metric) || metricsPresent(query.data?.items ?? []).length > 0;

  return (
    <PagedQueryCard
      query={query}
      heading={
        <div className="flex flex-wrap items-center justify-between gap-3 px-6 pt-4 pb-3">
          <h2 className="text-lg font-semibold">Prospects</h2>
          <VerifyAddressesButton campaignId={campaignId} />
          <span className="flex-1" />
          {customFields.length > 0 && (
            <CustomFieldFilter
              fields={customFields}
              value={customFilter}
              onChange={(next) => {
                setCustomFilter(next);
                setPage(1);
              }}
            />
          )}
          {showMetricFilter && (
            <MetricFilter
              value={filter}
              onChange={(next) => {
                setFilter(next);
                setPage(1);
              }}
            />
          )}
        </div>
      }
      errorMessage={m.loadFailed}
      pager={{ page, pageSize: PAGE_SIZE, onPageChange: setPage, noun: 'prospects' }}
      empty={
        filteredField && Object.keys(customFilterQuery(customFilter)).length > 0 ? (
          <EmptyState icon={Users} title="No prospects match the filter">
            No prospect’s {filteredField.label} {customFilterOpLabels[customFilter.op]}
            {customFilter.value && ` “${customFilter.value}”`}.
          </EmptyState>
        ) : filter.metric && filter.min !== '' ? (
          <EmptyState icon={Users} title="No prospects match the filter">
            No prospect’s {metricLabels[filter.metric].label} is {filter.min} or more.
          </EmptyState>
        ) : (
          <EmptyState icon={Users} title="No prospects yet">
            Prospects appear here once they are found or uploaded.
          </EmptyState>
        )
      }
    >
      {(data) => {
        const metrics = metricsPresent(data.items);
        return (
          <>
            <Table>
              <thead>
                <tr>
                  <ProspectIdentityHeaders />
                  <ProspectScoreHeaders
                    daSort={{
                      order: sort.field === 'daScore' ? sort.order : null,
                      onSort: () => sortBy('daScore'),
                    }}
                  />
                  <MetricHeaders names={metrics} sort={sort} onSort={sortBy} />
                  {filteredField && <Th>{filteredField.label}</Th>}
                  <Th>Status</Th>
                  <SortHeader
                    label="Last Contacted"
                    order={sort.field === 'lastContacted' ? sort.order : null}
                    onSort={() => sortBy('lastContacted')}
                  />
                  <Th>Actions</Th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((p) => (
                  <tr key={p.id}>
                    <ProspectIdentityCells prospect={p} onOpen={() => setOpenId(p.id)} />
                    <ProspectScoreCells prospect={p} />
                    <MetricCells prospect={p} names={metrics} />
                    {filteredField && <Td>{customValueText(p.customFields[filteredField.key])}</Td>}
                    <Td>
                      <ProspectStatusBadge status={p.status} />
                      <OutcomeDate prospect={p} />
                    </Td>
                    <LastContactedCell prospect={p} />
                    <Td>
                      <div
                        className="flex flex-wrap gap-1"
                        aria-label={`Actions for ${displayUrl(p.website)}`}
                        role="group"
                      >
                        <Button
                          size="xs"
                          variant="outline"
                          disabled={p.status !== 'pending' || !p.contactEmail || busyId === p.id}
                          loading={enroll.isPending && enroll.variables === p.id}
                          title={p.contactEmail ? undefined : outreachMessages.noEmail}
                          onClick={() =>
                            enroll.mutate(p.id, {
                              onSuccess: () =>
                                toast.success(`${displayUrl(p.website)} enrolled in the campaign’s sequence`),
                              onError: (e) => toast.error(refusalMessage(e, outreachMessages.enrollFailed)),
                            })
                          }
                        >
                          Send
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          disabled={busyId === p.id}
                          onClick={() => setStatus(p, 'success')}
                          className="text-emerald-700 dark:text-emerald-400"
                        >
                          Success
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          disabled={busyId === p.id}
                          onClick={() => setStatus(p, 'failed')}
                          className="text-red-700 dark:text-red-400"
                        >
                          Failed
                        </Button>
                      </div>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <ProspectTimelineDrawer prospectId={openId} onClose={() => setOpenId(null)} />
          </>
        );
      }}
    </PagedQueryCard>
  );
}
