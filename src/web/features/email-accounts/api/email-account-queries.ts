import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, paths, withId } from '../../../../shared/paths';
import {
  gmailAuthorizeResponseSchema,
  gmailCallbackResponseSchema,
  mailboxHealthReportSchema,
  mailboxMessages as m,
  mailboxSchema,
  type ConnectMailboxInput,
  type MailboxSettingsInput,
} from '../../../../shared/schemas/mailboxes';
import { apiRequest } from '../../../lib/api-client';

/** Shared with the campaign forms' list of connected mailboxes, so both refresh together. */
const emailAccountsKey = ['email-accounts'] as const;

/** Where Google sends the user back: this app's mailbox page (spec §7). */
export const gmailRedirectUri = () => new URL(paths.emails, window.location.origin).toString();

/** GET /api/email-accounts: every mailbox of the user. */
export function useEmailAccounts() {
  return useQuery({
    queryKey: [...emailAccountsKey, 'all'],
    queryFn: ({ signal }) => apiRequest(apiPaths.emailAccounts, { schema: z.array(mailboxSchema), signal }),
  });
}

/** POST /api/email-accounts: the server logs in to SMTP and IMAP before it stores anything. */
export function useConnectMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectMailboxInput) =>
      apiRequest(apiPaths.emailAccounts, { method: 'POST', body: input, schema: mailboxSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailAccountsKey }),
  });
}

/** PATCH /api/email-accounts/:id: daily limit, spacing and, for SMTP/IMAP, a new password (checked first). */
export function useUpdateMailbox(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MailboxSettingsInput) =>
      apiRequest(withId(apiPaths.emailAccount, id), { method: 'PATCH', body: input, schema: mailboxSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailAccountsKey }),
  });
}

/** GET /api/email-accounts/:id/health: the figures over the mailbox's health window. */
export function useMailboxHealth(id: string) {
  return useQuery({
    queryKey: [...emailAccountsKey, 'health', id],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.emailAccountHealth, id), { schema: mailboxHealthReportSchema, signal }),
  });
}

/** POST /api/email-accounts/:id/pause or /resume: stops or restarts the mailbox's sending. */
export function useMailboxSending(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pause' | 'resume') =>
      apiRequest(withId(action === 'pause' ? apiPaths.emailAccountPause : apiPaths.emailAccountResume, id), {
        method: 'POST',
        schema: mailboxSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailAccountsKey }),
  });
}

/** DELETE /api/email-accounts/:id. */
export function useDisconnectMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.emailAccount, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailAccountsKey }),
  });
}

/**
 * Starts the Gmail authorization and resolves with the Google URL to go to.
 * @throws Error with the spec §8 message (or the server's reason) when there is no URL.
 */
export async function startGmailConnect(): Promise<string> {
  const answer = await apiRequest(apiPaths.gmailAuthorize, {
    method: 'POST',
    body: { redirect_uri: gmailRedirectUri() },
    schema: gmailAuthorizeResponseSchema.nullable(),
  });
  if (!answer) throw new Error(m.noAuthResponse);
  if (answer.error) throw new Error(answer.error);
  if (!answer.url) throw new Error(m.missingUrl);
  return answer.url;
}

/** POST /api/email-accounts/gmail/callback with what Google appended to the return URL. */
export function useGmailCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, state }: { code: string; state: string }) => {
      const answer = await apiRequest(apiPaths.gmailCallback, {
        method: 'POST',
        body: { code, state, redirect_uri: gmailRedirectUri() },
        schema: gmailCallbackResponseSchema,
      });
      if (!answer.success) throw new Error(answer.error ?? m.gmailRetry);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailAccountsKey }),
  });
}
