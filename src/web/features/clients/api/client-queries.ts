import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '#shared/paths';
import {
  clientPageSchema,
  clientSchema,
  type ClientFormInput,
  type ClientListQuery,
  type UpdateClientInput,
} from '#shared/schemas/clients';
import { okSchema } from '#shared/schemas/api';
import { apiRequest } from '#web/lib/api-client';
import { campaignsKey, clientsKey } from '#web/lib/query-keys';

/** One page of the workspace's clients (GET /api/clients), by name. */
export function useClientPage(query: ClientListQuery) {
  return useQuery({
    queryKey: [...clientsKey, 'page', query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.clients, query), { schema: clientPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshClients() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: clientsKey });
    void queryClient.invalidateQueries({ queryKey: campaignsKey });
  };
}

/** POST /api/clients. */
export function useCreateClient() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: (input: ClientFormInput) =>
      apiRequest(apiPaths.clients, { method: 'POST', body: input, schema: clientSchema }),
    onSuccess: refresh,
  });
}

/** PATCH /api/clients/:id. */
export function useUpdateClient() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateClientInput }) =>
      apiRequest(withId(apiPaths.client, id), { method: 'PATCH', body: input, schema: clientSchema }),
    onSuccess: refresh,
  });
}

/** DELETE /api/clients/:id (its campaigns and placements stay, without a client). */
export function useDeleteClient() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.client, id), { method: 'DELETE', schema: okSchema }),
    onSuccess: refresh,
  });
}

/** POST /api/clients/:id/logo: one image file, stored like the blog's images. */
export function useUploadClientLogo() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest(withId(apiPaths.clientLogo, id), { method: 'POST', body, schema: clientSchema });
    },
    onSuccess: refresh,
  });
}
