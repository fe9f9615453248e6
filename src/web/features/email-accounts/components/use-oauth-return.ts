import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../../shared/paths';
import { mailboxMessages as m } from '../../../../shared/schemas/mailboxes';
import { useGmailCallback } from '../api/email-account-queries';

/**
 * On the return from Google (?code=&state=, spec §2 /dashboard/emails) completes the connection once,
 * toasts the outcome and removes the parameters from the address bar so a reload does not repeat it.
 */
export function useGmailReturn(): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const callback = useGmailCallback();
  const started = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');

  useEffect(() => {
    if (started.current || (!code && !denied)) return;
    started.current = true;
    void navigate(paths.emails, { replace: true });
    if (!code || !state) {
      toast.error(m.gmailRetry);
      return;
    }
    callback.mutate(
      { code, state },
      {
        onSuccess: () => toast.success(m.gmailConnected),
        onError: () => toast.error(m.gmailRetry),
      },
    );
  }, [code, state, denied, callback, navigate]);

  return callback.isPending;
}
