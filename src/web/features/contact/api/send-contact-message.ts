import { apiPaths } from '#shared/paths';
import type { ContactInput } from '#shared/schemas/contact';
import { apiRequest } from '#web/lib/api-client';

/** Sends the contact form (`POST /api/contact`). */
export function sendContactMessage(input: ContactInput): Promise<unknown> {
  return apiRequest(apiPaths.contact, { method: 'POST', body: input });
}
