import { apiPaths, withQuery } from '#shared/paths';
import type { ContactListQuery } from '#shared/schemas/prospects';
import { apiErrorFrom } from '#web/lib/api-client';

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
