import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/paths';
import { contactMessageListSchema } from '#shared/schemas/contact';
import { apiRequest } from '#web/lib/api-client';

/** One page of contact-form messages, newest first (`GET /api/contact/messages`, admins only). */
export function useContactMessages(page: number) {
  return useQuery({
    queryKey: ['contact-messages', page],
    queryFn: ({ signal }) =>
      apiRequest(`${apiPaths.contactMessages}?page=${page}`, { schema: contactMessageListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
