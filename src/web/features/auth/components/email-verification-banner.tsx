import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { emailVerificationParam } from '../../../../shared/paths';
import type { Me } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { refusalMessage } from '../../../lib/form-errors';
import { useSendVerificationEmail } from '../api/session-mutations';
import { meQueryKey, meQueryOptions } from '../api/session-queries';

const m = messages.auth;

/**
 * Above every dashboard page while the user's address is unverified: what waits for it, and a
 * button that sends a new link. The link lands on the dashboard with `?email=verified` (a toast,
 * then the parameter goes) or `?email=link-invalid` (said here). While unverified the session is
 * read again whenever the window regains focus, so verifying in another tab clears this one.
 */
export function EmailVerificationBanner({ user }: { user: Me }) {
  const [params, setParams] = useSearchParams();
  const outcome = params.get(emailVerificationParam);
  const [logged, setLogged] = useState(false);
  const send = useSendVerificationEmail();
  const queryClient = useQueryClient();
  useQuery({ ...meQueryOptions(), enabled: !user.emailVerified, refetchOnWindowFocus: 'always' });

  useEffect(() => {
    if (outcome !== 'verified') return;
    toast.success(m.emailVerified);
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    setParams(
      (current) => {
        current.delete(emailVerificationParam);
        return current;
      },
      { replace: true },
    );
  }, [outcome, queryClient, setParams]);

  if (user.emailVerified) return null;
  const linkInvalid = outcome === 'link-invalid';
  return (
    <Alert role="status" variant={linkInvalid ? 'destructive' : 'info'} className="m-4 mb-0 sm:mx-8 sm:mt-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-0 flex-1 basis-72 [overflow-wrap:anywhere]">
          <span className="font-medium">
            {linkInvalid ? m.verificationLinkInvalid : 'Please verify your email address.'}
          </span>{' '}
          {logged
            ? m.verificationLogged
            : `Open the link we emailed to ${user.email}: until then you get no alert emails, and blog authoring stays closed.`}
        </p>
        <Button
          variant="outline"
          size="sm"
          loading={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: ({ delivery }) => {
                setLogged(delivery === 'log');
                if (delivery === 'email') toast.success(m.verificationSent(user.email));
              },
              onError: (caught) => toast.error(refusalMessage(caught, m.verificationFailed)),
            })
          }
        >
          Send a New Link
        </Button>
      </div>
    </Alert>
  );
}
