import { RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { webhookEventName, webhookMessages as m, type WebhookDelivery } from '#shared/schemas/webhooks';
import { Button } from '#web/components/ui/button';
import { LoadMore } from '#web/components/ui/load-more';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Table, Td, Th } from '#web/components/ui/table';
import { formatDateTime } from '#web/lib/format';
import { refusalMessage } from '#web/lib/form-errors';
import { useRedeliverWebhook } from '../api/webhook-mutations';
import { useWebhookDeliveries } from '../api/webhook-queries';
import { DeliveryStatusBadge } from './webhook-status';

/** Characters of the receiver's answer shown in the table (the whole kept answer is in its tooltip). */
const SNIPPET_CHARS = 120;

/** A pending delivery with a start and no duration is being posted now. */
const isSending = (d: WebhookDelivery) =>
  d.status === 'pending' && d.lastAttemptAt !== null && d.durationMs === null;

/**
 * An endpoint's delivery log (docs/product.md#webhooks), newest first, 25 at a time with Load more:
 * event, status, attempts, the receiver's code, time and answer, the next try or last attempt, and
 * Redeliver (the same event id again). It refreshes live.
 */
export function DeliveryLog({ endpointId, canRedeliver }: { endpointId: string; canRedeliver: boolean }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();
  if (deliveries.isPending) return <TableSkeleton rows={3} />;
  if (deliveries.isError)
    return <ErrorState message={m.deliveriesLoadFailed} onRetry={() => deliveries.refetch()} />;
  const items = deliveries.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <p className="px-6 py-8 text-center text-sm text-slate-600 dark:text-slate-400">{m.noDeliveries}</p>
    );
  return (
    <div>
      <Table>
        <thead>
          <tr>
            <Th>Event</Th>
            <Th>Status</Th>
            <Th>Response</Th>
            <Th>Attempts</Th>
            <Th>When</Th>
            {canRedeliver && (
              <Th>
                <span className="sr-only">Redeliver</span>
              </Th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((d) => (
            <tr key={d.id}>
              <Td>
                <span className="font-medium">{webhookEventName(d.eventType)}</span>
                <span
                  className="block font-mono text-xs text-slate-500 dark:text-slate-400"
                  title={d.eventId}
                >
                  {d.eventId.slice(0, 8)}…
                </span>
              </Td>
              <Td>
                <DeliveryStatusBadge status={d.status} sending={isSending(d)} />
              </Td>
              <Td className="max-w-xs">
                <span className="font-medium">{d.responseStatus ?? '—'}</span>
                {d.durationMs !== null && (
                  <span className="text-slate-500 dark:text-slate-400"> · {d.durationMs} ms</span>
                )}
                {d.responseBody && (
                  <span
                    className="block truncate font-mono text-xs text-slate-500 dark:text-slate-400"
                    title={d.responseBody}
                  >
                    {d.responseBody.slice(0, SNIPPET_CHARS)}
                  </span>
                )}
              </Td>
              <Td>{d.attempts}</Td>
              <Td className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
                {d.lastAttemptAt && <span className="block">Last {formatDateTime(d.lastAttemptAt)}</span>}
                {d.nextAttemptAt && !isSending(d) && (
                  <span className="block">Next {formatDateTime(d.nextAttemptAt)}</span>
                )}
                {!d.lastAttemptAt && !d.nextAttemptAt && <span>{formatDateTime(d.createdAt)}</span>}
              </Td>
              {canRedeliver && (
                <Td className="w-32 text-right">
                  {d.status !== 'pending' && (
                    <Button
                      variant="outline"
                      size="xs"
                      aria-label={`Redeliver ${webhookEventName(d.eventType)} ${d.eventId.slice(0, 8)}`}
                      loading={redeliver.isPending && redeliver.variables === d.id}
                      onClick={() =>
                        redeliver.mutate(d.id, {
                          onSuccess: () => toast.success(m.redelivered),
                          onError: (caught) => toast.error(refusalMessage(caught, m.redeliverFailed)),
                        })
                      }
                    >
                      <RotateCcw aria-hidden className="size-3.5" />
                      Redeliver
                    </Button>
                  )}
                </Td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      <LoadMore query={deliveries} failedMessage={m.deliveriesLoadFailed} className="p-4" />
    </div>
  );
}
