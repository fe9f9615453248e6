import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, withId } from '#shared/paths';
import {
  invitationSchema,
  issuedInvitationSchema,
  type CreateInvitationInput,
} from '#shared/schemas/invitations';
import { apiRequest } from '#web/lib/api-client';

/** Every cached invitation query of the workspace starts with this key. */
export const invitationsKey = ['invitations'] as const;

/** GET /api/invitations: the workspace's pending invitations (Full Access only). */
export function useInvitations() {
  return useQuery({
    queryKey: invitationsKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.invitations, { schema: z.array(invitationSchema), signal }),
  });
}

/** POST /api/invitations: invites an address (or, with email null, anyone with the link); resolves with the link. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) =>
      apiRequest(apiPaths.invitations, { method: 'POST', body: input, schema: issuedInvitationSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}

/** POST /api/invitations/:id/resend: a new link (the old one stops working) and 7 more days. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.invitationResend, id), { method: 'POST', schema: issuedInvitationSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}

/** DELETE /api/invitations/:id: revokes a pending invitation; its link stops working at once. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.invitation, id), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}
