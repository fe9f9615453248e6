import { lazy, Suspense } from 'react';
import { liveLinkMessages as m } from '#shared/schemas/live-links';
import { Card } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/page-states';
import { Skeleton } from '#web/components/ui/skeleton';
import { cn } from '#web/lib/cn';
import { useLiveLinkSummary } from '#web/data/live-link-queries';

const ActiveLinksChart = lazy(() => import('./active-links-chart'));

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className={cn('mt-1 text-2xl font-bold tabular-nums', tone)}>{value}</p>
    </Card>
  );
}

/** The counts at the top of Live Links (new in 7 days, active, lost, suspicious) and the chart. */
export function LiveLinkSummaryPanel() {
  const query = useLiveLinkSummary();
  if (query.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading counts">
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-56" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <ErrorState message={m.loadFailed} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  const s = query.data;
  return (
    <section aria-label="Link counts" className="space-y-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Count label="New (7 days)" value={s.newLast7Days} tone="text-indigo-700 dark:text-indigo-300" />
        <Count label="Active" value={s.active} tone="text-emerald-700 dark:text-emerald-300" />
        <Count label="Lost" value={s.lost} tone="text-red-700 dark:text-red-300" />
        <Count label="Suspicious" value={s.suspicious} tone="text-amber-700 dark:text-amber-300" />
      </div>
      {s.total > 0 && (
        <Suspense fallback={<Skeleton className="h-56" />}>
          <ActiveLinksChart data={s.activeOverTime} />
        </Suspense>
      )}
    </section>
  );
}
