import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../shared/paths';
import { meQueryKey } from './use-me';

/** After a session starts: reloads the signed-in user, then replaces the auth screen with the dashboard. */
export function useEnterDashboard(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Awaited so the submit button keeps spinning until the dashboard can render the user.
    await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
    await navigate(paths.dashboard, { replace: true });
  }, [queryClient, navigate]);
}
