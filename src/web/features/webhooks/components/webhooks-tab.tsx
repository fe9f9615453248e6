import { ChevronRight, Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import type { Me } from '#shared/schemas/auth';
import { webhookMessages as m } from '#shared/schemas/webhooks';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState, ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { cn } from '#web/lib/cn';
import { useWebhookEndpoints } from '../api/webhook-queries';
import { AddEndpointDialog } from './add-endpoint-dialog';
import { EndpointDetail } from './endpoint-detail';
import { EndpointStatusBadge } from './webhook-status';

/**
 * Settings → Webhooks (docs/product.md#webhooks): the workspace's endpoints with their URL, how many
 * events each receives and its status (Active, Failing since …, Disabled). Full Access members add
 * endpoints (the signing secret is shown once); opening one shows its details, Test, its delivery
 * log and — for Full Access — edit, enable or disable, rotate secret and delete.
 */
export function WebhooksTab({ user }: { user: Me }) {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const manages = user.workspace.role === 'full';
  const open = endpoints.data?.find((e) => e.id === openId) ?? null;
  const addButton = manages && (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden className="size-4" />
      Add endpoint
    </Button>
  );
  return (
    <div className="space-y-6">
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-4 px-4 pt-5 sm:flex-row sm:items-start sm:justify-between sm:px-6">
          <div>
            <h2 className="text-lg font-semibold">Webhooks</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              LinkPilot posts the events of {user.workspace.name} you choose to your endpoints as signed JSON,
              and retries failed deliveries for 24 hours.{!manages && ` ${m.fullAccessOnly}`}
            </p>
          </div>
          {endpoints.data && endpoints.data.length > 0 && addButton}
        </div>
        {endpoints.isPending ? (
          <TableSkeleton rows={2} />
        ) : endpoints.isError ? (
          <ErrorState message={m.loadFailed} onRetry={() => endpoints.refetch()} />
        ) : endpoints.data.length === 0 ? (
          <EmptyState icon={Webhook} title={m.empty} action={addButton || undefined}>
            Send prospects, replies, bounces, lost links and more to your CRM or automation tool as they
            happen.
          </EmptyState>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {endpoints.data.map((endpoint) => (
              <li key={endpoint.id}>
                <button
                  type="button"
                  aria-label={`Open ${endpoint.url}`}
                  aria-expanded={endpoint.id === openId}
                  onClick={() => setOpenId(endpoint.id === openId ? null : endpoint.id)}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none sm:px-6 dark:hover:bg-slate-800/50 dark:focus-visible:bg-slate-800/50',
                    endpoint.id === openId && 'bg-indigo-50/60 dark:bg-indigo-950/30',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-mono text-sm break-all">{endpoint.url}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                      {endpoint.description && <span className="break-words">{endpoint.description}</span>}
                      <span>
                        {endpoint.events.length} event{endpoint.events.length === 1 ? '' : 's'}
                      </span>
                      <EndpointStatusBadge endpoint={endpoint} />
                    </span>
                  </span>
                  <ChevronRight
                    aria-hidden
                    className={cn(
                      'size-4 shrink-0 text-slate-400 transition-transform',
                      endpoint.id === openId && 'rotate-90',
                    )}
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {open && (
        <EndpointDetail key={open.id} endpoint={open} manages={manages} onClose={() => setOpenId(null)} />
      )}
      {manages && <AddEndpointDialog open={adding} onOpenChange={setAdding} onAdded={setOpenId} />}
    </div>
  );
}
