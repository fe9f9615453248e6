import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '#shared/paths';
import { customFieldSchema } from '#shared/schemas/custom-fields';
import { apiRequest } from '../lib/api-client';
import { customFieldsKey } from '../lib/query-keys';

/**
 * GET /api/custom-fields: the workspace's custom prospect fields in their order
 * (docs/decisions/044-custom-fields.md), read by the settings tab, the prospect drawer, the lists'
 * filter, the CSV import and the sequence editor's placeholder list.
 */
export function useCustomFields() {
  return useQuery({
    queryKey: customFieldsKey,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.customFields, {
          schema: z.object({ items: z.array(customFieldSchema) }),
          signal,
        })
      ).items,
    staleTime: 60_000,
  });
}
