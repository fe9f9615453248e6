import { PlugZap } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatMoney } from '#shared/money';
import { paths } from '#shared/paths';
import {
  dataProviderInfo,
  dataProviderMessages as m,
  PROVIDER_BACKLINKS_DEFAULT,
  type CostEstimate,
  type DataProviderId,
  type ProviderRequestInput,
} from '#shared/schemas/data-providers';
import { formatThousands } from '#shared/format-number';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Label } from '#web/components/ui/label';
import { EmptyState, ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { refusalMessage } from '#web/lib/form-errors';
import {
  useDataProviders,
  useFetchProviderBacklinks,
  useProviderEstimate,
  useRefreshMetrics,
} from '../api/data-provider-queries';

/** A competitor as the domain a provider is asked about ("https://www.rival.com/x" → "rival.com"). */
const domainOf = (site: string) =>
  site
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#:].*$/, '')
    .replace(/^www\./, '');

/** How old a cached answer is, in days. */
function ageOf(iso: string): string {
  const days = Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
  return days <= 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

const costText = (cost: CostEstimate): string =>
  cost.kind === 'money'
    ? formatMoney(cost.amountMinor, cost.currency, 'en-US')
    : `${formatThousands(cost.units)} ${cost.unitName}`;

/**
 * The campaign's runs on the workspace's data providers (docs/product.md#data-providers): "Get
 * competitor backlinks" (an import like an uploaded export, listed below with its progress) and
 * "Refresh metrics" of the prospects' domains, each with its expected cost in the provider's unit
 * shown before it starts, and how much the 7-day cache answers for free.
 */
export function ProviderRunsCard({ campaign }: { campaign: { id: string; competitors: string[] } }) {
  const providers = useDataProviders();
  const connected = providers.data?.items.filter((p) => p.connected) ?? [];
  const [chosen, setChosen] = useState<DataProviderId | null>(null);
  const provider = chosen ?? connected[0]?.provider ?? null;
  return (
    <Card className="mb-4">
      <CardHeader>
        <CardTitle>Live data providers</CardTitle>
        <CardDescription>
          Ask Ahrefs, Moz, DataForSEO or Semrush directly instead of uploading an export, with your own API
          keys.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {providers.isPending ? (
          <TableSkeleton rows={2} />
        ) : providers.isError ? (
          <ErrorState message={m.loadFailed} onRetry={() => providers.refetch()} />
        ) : !provider ? (
          <EmptyState
            icon={PlugZap}
            title="No data provider connected"
            action={
              <Button asChild variant="outline">
                <Link to={paths.settingsTab('data-providers')}>Open Settings → Data providers</Link>
              </Button>
            }
          >
            Connect Ahrefs, Moz, DataForSEO or Semrush to get competitor backlinks and metrics without an
            export.
          </EmptyState>
        ) : (
          <div className="grid gap-6">
            <div className="grid max-w-xs gap-1.5">
              <Label htmlFor={`provider-${campaign.id}`}>Provider</Label>
              <Select
                id={`provider-${campaign.id}`}
                value={provider}
                onValueChange={(value) => setChosen(value as DataProviderId)}
                options={connected.map((p) => ({
                  value: p.provider,
                  label: dataProviderInfo[p.provider].label,
                }))}
              />
            </div>
            <BacklinksRun campaign={campaign} provider={provider} />
            <MetricsRun campaignId={campaign.id} provider={provider} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function BacklinksRun({
  campaign,
  provider,
}: {
  campaign: { id: string; competitors: string[] };
  provider: DataProviderId;
}) {
  const name = dataProviderInfo[provider].label;
  const [target, setTarget] = useState(() => domainOf(campaign.competitors[0] ?? ''));
  const [limit, setLimit] = useState(String(PROVIDER_BACKLINKS_DEFAULT));
  const request: ProviderRequestInput = { kind: 'backlinks', provider, target, limit: Number(limit) };
  const run = useFetchProviderBacklinks(campaign.id);
  return (
    <section aria-labelledby={`backlinks-${campaign.id}`} className="grid gap-3">
      <h3 id={`backlinks-${campaign.id}`} className="font-medium">
        Competitor backlinks
      </h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <TextField
          label="Competitor"
          placeholder="competitor.com"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          hint={
            campaign.competitors.length
              ? `Your competitors: ${campaign.competitors.map(domainOf).join(', ')}`
              : undefined
          }
        />
        <TextField
          label="Backlinks, at most"
          type="number"
          min={1}
          max={1000}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
        />
      </div>
      <EstimateLine campaignId={campaign.id} request={request} what="backlinks" />
      <div>
        <Button
          loading={run.isPending}
          onClick={() =>
            run.mutate(
              { provider, target, limit: Number(limit) },
              {
                onSuccess: (result) =>
                  toast.success(
                    `${formatThousands(result.backlinks)} backlinks from ${formatThousands(result.domains)} sites: the import below adds them as prospects.`,
                  ),
                onError: (error) => toast.error(refusalMessage(error, m.estimateFailed)),
              },
            )
          }
        >
          Get competitor backlinks from {name}
        </Button>
      </div>
    </section>
  );
}

function MetricsRun({ campaignId, provider }: { campaignId: string; provider: DataProviderId }) {
  const info = dataProviderInfo[provider];
  const run = useRefreshMetrics(campaignId);
  return (
    <section aria-labelledby={`metrics-${campaignId}`} className="grid gap-3">
      <h3 id={`metrics-${campaignId}`} className="font-medium">
        Prospect metrics
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {info.metrics} of this campaign&rsquo;s prospects&rsquo; domains, stored with the source and date and
        shown in the Prospects table.
      </p>
      <EstimateLine campaignId={campaignId} request={{ kind: 'metrics', provider }} what="metrics" />
      <div>
        <Button
          variant="outline"
          loading={run.isPending}
          onClick={() =>
            run.mutate(provider, {
              onSuccess: (result) =>
                toast.success(
                  `Metrics stored for ${formatThousands(result.stored)} domains (${formatThousands(result.fetched)} asked of ${info.label}, ${formatThousands(result.cached)} from the cache).`,
                ),
              onError: (error) => toast.error(refusalMessage(error, m.estimateFailed)),
            })
          }
        >
          Refresh metrics from {info.label}
        </Button>
      </div>
    </section>
  );
}

/** The run's expected cost, what the cache answers and how old it is; the server's refusal in words. */
function EstimateLine({
  campaignId,
  request,
  what,
}: {
  campaignId: string;
  request: ProviderRequestInput;
  what: 'backlinks' | 'metrics';
}) {
  const estimate = useProviderEstimate(campaignId, request);
  if (estimate.fetchStatus === 'idle' && estimate.isPending)
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Enter a competitor&rsquo;s domain to see the cost.
      </p>
    );
  if (estimate.isPending)
    return <p className="text-sm text-slate-500 dark:text-slate-400">Working out the cost…</p>;
  if (estimate.isError)
    return (
      <p className="text-sm text-red-700 dark:text-red-300">
        {refusalMessage(estimate.error, m.estimateFailed)}
      </p>
    );
  const e = estimate.data;
  return (
    <p className="text-sm" data-testid={`estimate-${what}`}>
      <span className="font-medium">Expected cost: {costText(e.cost)}</span>
      {what === 'metrics' && ` for ${formatThousands(e.toFetch)} domains`}
      {e.cached > 0 && e.cachedAt && (
        <span className="text-slate-600 dark:text-slate-400">
          {' '}
          · {what === 'metrics' ? `${formatThousands(e.cached)} domains` : 'these backlinks'} from the cache,
          fetched {ageOf(e.cachedAt)}, free
        </span>
      )}
      {e.leftOver > 0 && (
        <span className="text-slate-600 dark:text-slate-400">
          {' '}
          · {formatThousands(e.leftOver)} more domains wait for the next run
        </span>
      )}
    </p>
  );
}
