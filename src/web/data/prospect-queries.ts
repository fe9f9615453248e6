import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '#shared/paths';
import { prospectTimelineSchema } from '#shared/schemas/prospect-timeline';
import {
  contactPageSchema,
  prospectPageSchema,
  type ContactListQuery,
  type ProspectListQuery,
} from '#shared/schemas/prospects';
import { apiRequest } from '../lib/api-client';
import { campaignsKey, contactsKey } from '../lib/query-keys';

/** One page of a campaign's prospects; sends, replies and bounces refresh it through live events. */
export function useCampaignProspects(id: string, query: ProspectListQuery) {
  return useQuery({
    queryKey: [...campaignsKey, 'prospects', id, query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(withId(apiPaths.campaignProspects, id), query), {
        schema: prospectPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One page of contacts, the prospects of every campaign, under the given filters (GET /api/contacts). */
export function useContactPage(query: ContactListQuery) {
  return useQuery({
    queryKey: [...contactsKey, query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.contacts, query), { schema: contactPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A prospect's history for the timeline drawer (GET /api/prospects/:id/timeline); not fetched while
 * no prospect is open. Under campaignsKey, so a status change from anywhere refreshes it.
 */
export function useProspectTimeline(id: string | null) {
  return useQuery({
    queryKey: [...campaignsKey, 'timeline', id],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.prospectTimeline, id!), { schema: prospectTimelineSchema, signal }),
    enabled: id !== null,
  });
}
