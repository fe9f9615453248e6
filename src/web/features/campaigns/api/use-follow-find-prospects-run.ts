import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { DiscoveryRun } from '../../../../shared/schemas/discovery';
import { contactsKey } from '../../contacts/api/contact-queries';
import { campaignsKey, isRunActive } from './campaign-queries';

/**
 * Keeps the detail page in step with a find-prospects run: each poll that brings news (progress,
 * prospects, pages, state) refreshes the campaign's stat cards and prospects table; a run that finishes
 * while the page watches it ends with a toast (a failure shows on the page instead).
 */
export function useFollowFindProspectsRun(campaignId: string, run: DiscoveryRun | null | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef<DiscoveryRun | null | undefined>(run);

  // Query data keeps its identity while unchanged (structural sharing): this runs once per change.
  useEffect(() => {
    const before = previous.current;
    previous.current = run;
    if (!run || !before || before.id !== run.id) return;
    void queryClient.invalidateQueries({ queryKey: [...campaignsKey, 'detail', campaignId] });
    void queryClient.invalidateQueries({ queryKey: [...campaignsKey, 'prospects', campaignId] });
    void queryClient.invalidateQueries({ queryKey: contactsKey });
    if (isRunActive(before) && run.status === 'completed') {
      toast.success(foundMessage(run.prospectsFound));
    }
  }, [queryClient, campaignId, run]);
}

function foundMessage(count: number): string {
  if (count === 0) return 'No new prospects found';
  return count === 1 ? 'Found 1 new prospect' : `Found ${count} new prospects`;
}
