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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A list's `?client=` URL value as its filter reads it: 'none', a client's id, else 'all'
 * (docs/decisions/040-client-role.md).
 */
export function clientParam(value: string | undefined): string {
  return value === 'none' || UUID.test(value ?? '') ? value! : 'all';
}

/** The request's `clientId` of a client filter's value: none for 'all'. */
export function clientIdOf(client: string): string | undefined {
  return client === 'all' ? undefined : client;
}
