import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, paths, withId } from '#shared/paths';
import {
  mailboxHealthReportSchema,
  mailboxMessages as m,
  mailboxSchema,
  oauthMessages,
  oauthAuthorizeResponseSchema,
  oauthAvailabilitySchema,
  oauthCallbackResponseSchema,
  oauthMailboxProviderSchema,
  type ConnectMailboxInput,
  type MailboxSettingsInput,
  type OAuthMailboxProvider,
} from '#shared/schemas/mailboxes';
import { apiRequest } from '../lib/api-client';
import { emailAccountsKey } from '../lib/query-keys';

/** Where Google or Microsoft sends the user back: this app's mailbox page. */
const oauthRedirectUri = () => new URL(paths.emails, window.location.origin).toString();

/** Both providers come back to the same page; the tab remembers which one it went to. */
const OAUTH_PROVIDER_KEY = 'linkpilot.oauth-provider';
const oauthRoutes = {
  gmail: { authorize: apiPaths.gmailAuthorize, callback: apiPaths.gmailCallback },
  microsoft: { authorize: apiPaths.microsoftAuthorize, callback: apiPaths.microsoftCallback },
} as const;

/** The provider this tab went to sign in with (Gmail when unknown), forgotten once read. */
export function takeOAuthProvider(): OAuthMailboxProvider {
  const stored = window.sessionStorage.getItem(OAUTH_PROVIDER_KEY);
  window.sessionStorage.removeItem(OAUTH_PROVIDER_KEY);
  return oauthMailboxProviderSchema.catch('gmail').parse(stored);
}

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

/** GET /api/email-accounts/oauth-providers: which sign-ins (Gmail, Microsoft) the server offers. */
export function useOAuthAvailability() {
  return useQuery({
    queryKey: ['oauth-providers'],
    queryFn: ({ signal }) => apiRequest(apiPaths.oauthProviders, { schema: oauthAvailabilitySchema, signal }),
    staleTime: Infinity,
  });
}

/**
 * Starts the Gmail or Microsoft authorization and resolves with the provider's URL to go to.
 * @throws Error with the user-facing message (docs/product.md#errors) (or the server's reason) when there is no URL.
 */
export async function startOAuthConnect(provider: OAuthMailboxProvider): Promise<string> {
  const answer = await apiRequest(oauthRoutes[provider].authorize, {
    method: 'POST',
    body: { redirect_uri: oauthRedirectUri() },
    schema: oauthAuthorizeResponseSchema.nullable(),
  });
  if (!answer) throw new Error(m.noAuthResponse);
  if (answer.error) throw new Error(answer.error);
  if (!answer.url) throw new Error(m.missingUrl);
  window.sessionStorage.setItem(OAUTH_PROVIDER_KEY, provider);
  return answer.url;
}

/** POST /api/email-accounts/{gmail,microsoft}/callback with what the provider appended to the return URL. */
export function useOAuthCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      provider,
      code,
      state,
    }: {
      provider: OAuthMailboxProvider;
      code: string;
      state: string;
    }) => {
      const answer = await apiRequest(oauthRoutes[provider].callback, {
        method: 'POST',
        body: { code, state, redirect_uri: oauthRedirectUri() },
        schema: oauthCallbackResponseSchema,
      });
      if (!answer.success) throw new Error(answer.error ?? oauthMessages[provider].retry);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailAccountsKey }),
  });
}
