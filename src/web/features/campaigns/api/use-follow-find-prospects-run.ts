import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { DiscoveryRun } from '../../../../shared/schemas/discovery';
import { contactsKey } from '../../contacts/api/contact-queries';
import { campaignsKey, isRunActive } from './campaign-queries';

/**
 * Keeps the detail page in step with a find-prospects run: each poll that brings new prospects,
 * pages or a new state refreshes the campaign's stat cards and prospects table; a run that finishes
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
    if (before.prospectsFound === run.prospectsFound && before.status === run.status) return;
    void queryClient.invalidateQueries({ queryKey: [...campaignsKey, 'detail', campaignId] });
    void queryClient.invalidateQueries({ queryKey: [...campaignsKey, 'prospects', campaignId] });
    void queryClient.invalidateQueries({ queryKey: contactsKey });
    if (isRunActive(before) && run.status === 'completed') {
      toast.success(
        run.prospectsFound === 1 ? 'Found 1 new prospect' : `Found ${run.prospectsFound} new prospects`,
      );
    }
  }, [queryClient, campaignId, run]);
}
