/**
 * The workspace's clients as select options, read by every feature with a client filter or picker
 * (campaigns, placements). A data hook of the `data/` layer (docs/architecture.md).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiPaths, withQuery } from '#shared/paths';
import { clientPageSchema } from '#shared/schemas/clients';
import { apiRequest } from '../lib/api-client';
import { clientsKey } from '../lib/query-keys';

/** GET /api/clients (first 100 by name) as options; under clientsKey, so any client change refreshes it. */
export function clientOptionsQuery() {
  return queryOptions({
    queryKey: [...clientsKey, 'options'],
    queryFn: async ({ signal }) => {
      const page = await apiRequest(withQuery(apiPaths.clients, { pageSize: 100 }), {
        schema: clientPageSchema,
        signal,
      });
      return page.items.map((c) => ({ id: c.id, name: c.name }));
    },
  });
}

/** The options of a client filter: every client, no client, then each client by name. */
export function clientFilterOptions(clients: readonly { id: string; name: string }[] | undefined) {
  return [
    { value: 'all', label: 'All clients' },
    { value: 'none', label: 'No client' },
    ...(clients ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
}
