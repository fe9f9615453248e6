import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import { meSchema } from '#shared/schemas/auth';
import {
  savedSendingSettingsSchema,
  teamUserSchema,
  type SendingSettingsInput,
  type UpdateProfileInput,
  type UpdateRoleInput,
} from '#shared/schemas/settings';
import { apiRequest } from '#web/lib/api-client';
import { meQueryKey } from '#web/data/session-queries';
import { usersKey } from '#web/data/team-queries';

/** PATCH /api/profile; the session query takes the updated user, so the sidebar follows at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiRequest(apiPaths.profile, { method: 'PATCH', body: input, schema: meSchema }),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

/** PATCH /api/users/:id/role. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateRoleInput & { id: string }) =>
      apiRequest(withId(apiPaths.userRole, id), { method: 'PATCH', body: input, schema: teamUserSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** DELETE /api/users/:id: removes a member from the workspace (Full Access only). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.user, id), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

const sendingKey = ['sending-settings'] as const;

/** GET /api/profile/sending: postal address and sending window. */
export function useSendingSettings() {
  return useQuery({
    queryKey: sendingKey,
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.sendingSettings, { schema: savedSendingSettingsSchema, signal }),
  });
}

/** PUT /api/profile/sending. */
export function useSaveSendingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendingSettingsInput) =>
      apiRequest(apiPaths.sendingSettings, {
        method: 'PUT',
        body: input,
        schema: savedSendingSettingsSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(sendingKey, saved),
  });
}
