import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withId } from '#shared/paths';
import {
  domainCheckPaths,
  mailboxDomainCheckSchema,
  type DkimSelectorsInput,
  type MailboxDomainCheck,
} from '#shared/schemas/domain-check';
import { domainCheckSchema } from '#shared/schemas/mail-health';
import { apiRequest } from '#web/lib/api-client';

const domainCheckKey = (id: string) => ['email-accounts', id, 'domain-check'] as const;

/** GET /api/email-accounts/:id/domain-check: the mailbox's DKIM selectors and stored SPF/DKIM/DMARC check. */
export function useDomainCheck(id: string, enabled = true) {
  return useQuery({
    queryKey: domainCheckKey(id),
    queryFn: ({ signal }) =>
      apiRequest(withId(domainCheckPaths.check, id), { schema: mailboxDomainCheckSchema, signal }),
    enabled,
  });
}

/** POST /api/email-accounts/:id/domain-check: checks the domain again now; the answer replaces the stored check. */
export function useRecheckDomain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(withId(domainCheckPaths.check, id), { method: 'POST', schema: domainCheckSchema }),
    onSuccess: (check) =>
      queryClient.setQueryData<MailboxDomainCheck>(domainCheckKey(id), (old) => ({
        selectors: old?.selectors ?? [],
        check,
      })),
  });
}

/** PUT /api/email-accounts/:id/dkim-selectors: the selectors the DKIM check asks for. */
export function useSaveDkimSelectors(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DkimSelectorsInput) =>
      apiRequest(withId(domainCheckPaths.selectors, id), {
        method: 'PUT',
        body: input,
        schema: mailboxDomainCheckSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(domainCheckKey(id), saved),
  });
}
