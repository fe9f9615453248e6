import { useQuery } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import { quarantinePageSchema } from '#shared/schemas/mailboxes';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/email-accounts/:id/quarantine: the first page (25) of a mailbox's set-aside messages, newest first. */
export function useQuarantinedMessages(mailboxId: string) {
  return useQuery({
    queryKey: ['email-accounts', mailboxId, 'quarantine'],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.emailAccountQuarantine, mailboxId), {
        schema: quarantinePageSchema,
        signal,
      }),
  });
}
