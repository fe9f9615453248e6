import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '#shared/paths';
import { oauthMessages, type OAuthMailboxProvider } from '#shared/schemas/mailboxes';
import { takeOAuthProvider, useOAuthCallback } from '#web/data/email-account-queries';

/**
 * On the return from Google or Microsoft (?code=&state= on /dashboard/emails) completes the
 * connection once with the provider this tab went to, toasts the outcome and removes the parameters
 * from the address bar so a reload does not repeat it.
 * @returns the provider being connected while the server completes it, else null.
 */
export function useOAuthReturn(): OAuthMailboxProvider | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const callback = useOAuthCallback();
  const started = useRef(false);
  const [provider, setProvider] = useState<OAuthMailboxProvider>('gmail');
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');

  useEffect(() => {
    if (started.current || (!code && !denied)) return;
    started.current = true;
    const returned = takeOAuthProvider();
    setProvider(returned);
    const messages = oauthMessages[returned];
    void navigate(paths.emails, { replace: true });
    if (!code || !state) {
      toast.error(messages.retry);
      return;
    }
    callback.mutate(
      { provider: returned, code, state },
      {
        onSuccess: () => toast.success(messages.connected),
        onError: () => toast.error(messages.retry),
      },
    );
  }, [code, state, denied, callback, navigate]);

  return callback.isPending ? provider : null;
}
