import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiPaths, paths } from '#shared/paths';
import { workspaceSummarySchema } from '#shared/schemas/auth';
import { invitationMessages as m, invitationPreviewSchema } from '#shared/schemas/invitations';
import { setActiveWorkspaceId } from '#web/lib/active-workspace';
import { apiRequest } from '#web/lib/api-client';

const joinedSchema = workspaceSummarySchema.pick({ id: true, name: true });

/** GET /api/invitations/preview/:token (public): what the link invites to; 404/409 say why it cannot be used. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.invitationPreview.replace(':token', encodeURIComponent(token)), {
        schema: invitationPreviewSchema,
        signal,
      }),
  });
}

/**
 * POST /api/invitations/accept: joins the invitation's workspace, then, like switching workspaces
 * (useSwitchWorkspace), makes it this tab's workspace, forgets every cached answer and opens its
 * dashboard with a "You joined …" toast.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(apiPaths.invitationAccept, { method: 'POST', body: { token }, schema: joinedSchema }),
    onSuccess: async (joined) => {
      setActiveWorkspaceId(joined.id);
      queryClient.clear();
      toast.success(m.joined(joined.name));
      // Replaced: the used link would only say so if the user went back to it.
      await navigate(paths.dashboard, { replace: true });
    },
  });
}
