import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, withQuery } from '../../../../shared/paths';
import { contactPageSchema, type ContactListQuery } from '../../../../shared/schemas/prospects';
import { apiErrorFrom, apiRequest } from '../../../lib/api-client';
import { contactsKey } from '../../../lib/query-keys';

/** One page of contacts under the current filters (GET /api/contacts). */
export function useContactPage(query: ContactListQuery) {
  return useQuery({
    queryKey: [...contactsKey, query],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.contacts, query), { schema: contactPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads the CSV export of the current filters (GET /api/contacts/export) under the server's file
 * name, contacts_export_{YYYY-MM-DD}.csv.
 * @throws ApiError when the server refuses or the network fails.
 */
export async function downloadContactsCsv(
  filters: Omit<ContactListQuery, 'page' | 'pageSize'>,
): Promise<void> {
  const response = await fetch(withQuery(apiPaths.contactsExport, filters), { credentials: 'same-origin' });
  if (!response.ok) throw await apiErrorFrom(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'contacts_export.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
