/**
 * The workspace's campaigns as select options, read by every feature with a campaign filter or picker
 * (contacts, activity, inbox, live links). A data hook of the `data/` layer (docs/architecture.md).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '#shared/paths';
import { campaignOptionSchema } from '#shared/schemas/campaigns';
import { apiRequest } from '../lib/api-client';
import { campaignsKey } from '../lib/query-keys';

/** GET /api/campaigns/options: the user's campaigns, by name; under campaignsKey, so any campaign change refreshes it. */
export function campaignOptionsQuery() {
  return queryOptions({
    queryKey: [...campaignsKey, 'options'],
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.campaignOptions, { schema: z.array(campaignOptionSchema), signal }),
  });
}
