import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/paths';
import type { ContactInput } from '../../../../shared/schemas/contact';
import { apiRequest } from '../../../lib/api-client';

/** Sends the contact form (`POST /api/contact`). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => apiRequest(apiPaths.contact, { method: 'POST', body: input }),
  });
}
