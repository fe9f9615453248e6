import { Loader2, X } from 'lucide-react';
import { discoveryMessages, type DiscoveryRun } from '#shared/schemas/discovery';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { isRunActive } from '../api/campaign-queries';

interface Props {
  run: DiscoveryRun | null | undefined;
  onCancel: () => void;
  cancelling: boolean;
}

/**
 * The detail page's view of a find-prospects run (docs/decisions/007-discovery.md): while it is queued or running, a
 * progress bar (progress_percentage), prospects found, pages crawled and Cancel; a failed run,
 * 'Failed to find prospects' with the reason. Finished and cancelled runs show nothing here.
 */
export function FindProspectsProgress({ run, onCancel, cancelling }: Props) {
  if (run?.status === 'failed') {
    const reason = run.error?.replace(`${discoveryMessages.failed}: `, '') ?? '';
    return (
      <Alert variant="destructive">
        <p className="font-semibold">{discoveryMessages.failed}</p>
        {reason && reason !== discoveryMessages.failed && <p className="mt-1">{reason}</p>}
      </Alert>
    );
  }
  if (!run || !isRunActive(run)) return null;
  const queued = run.status === 'queued';
  return (
    <Card aria-live="polite" aria-label="Prospect search progress">
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2 font-semibold">
            <Loader2 aria-hidden className="size-4 animate-spin text-indigo-600 dark:text-indigo-400" />
            {queued ? 'Waiting to start finding prospects…' : 'Finding prospects…'}
          </div>
          <Button variant="outline" size="sm" loading={cancelling} onClick={onCancel}>
            <X aria-hidden className="size-4" /> Cancel
          </Button>
        </div>
        <div
          role="progressbar"
          aria-label="Prospect search"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={run.progressPercentage}
          className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width] duration-500 dark:bg-indigo-400"
            style={{ width: `${run.progressPercentage}%` }}
          />
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 tabular-nums dark:text-slate-400">
          <span>{run.progressPercentage}% complete</span>
          <span>
            {run.prospectsFound} {run.prospectsFound === 1 ? 'prospect' : 'prospects'} found
          </span>
          <span>
            {run.pagesCrawled} {run.pagesCrawled === 1 ? 'page' : 'pages'} crawled
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
