import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { DiscoveryRun } from '#shared/schemas/discovery';
import { isRunActive } from '../api/campaign-queries';

/**
 * Ends a find-prospects run the detail page watched with a toast (a failure shows on the page
 * instead). The run's own events refresh the stat cards and panels (lib/live-events.ts).
 */
export function useFollowFindProspectsRun(run: DiscoveryRun | null | undefined) {
  const previous = useRef<DiscoveryRun | null | undefined>(run);

  // Query data keeps its identity while unchanged (structural sharing): this runs once per change.
  useEffect(() => {
    const before = previous.current;
    previous.current = run;
    if (!run || !before || before.id !== run.id) return;
    if (isRunActive(before) && run.status === 'completed') {
      toast.success(foundMessage(run.prospectsFound));
    }
  }, [run]);
}

function foundMessage(count: number): string {
  if (count === 0) return 'No new prospects found';
  return count === 1 ? 'Found 1 new prospect' : `Found ${count} new prospects`;
}
