import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { messages } from '#shared/messages';
import { emailVerificationParam } from '#shared/paths';
import type { Me } from '#shared/schemas/auth';
import { Alert } from '#web/components/ui/alert';
import { meQueryKey } from '#web/data/session-queries';
import {
  ResendVerificationButton,
  useVerificationRecheck,
  verificationWhere,
} from '#web/widgets/auth/verification-link';

const m = messages.auth;

/**
 * Above every dashboard page while the user's address is unverified: where the link is (emailed, or
 * in the server's log on an install without SMTP), what waits for it, and a button that sends a new
 * link. The link lands on the dashboard with `?email=verified` (a toast, then the parameter goes) or
 * `?email=link-invalid` (said here). While unverified the session is read again whenever the window
 * regains focus, so verifying in another tab clears this one.
 */
export function EmailVerificationBanner({ user }: { user: Me }) {
  const [params, setParams] = useSearchParams();
  const outcome = params.get(emailVerificationParam);
  const queryClient = useQueryClient();
  useVerificationRecheck(user);

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
          {verificationWhere(user)} Until then you get no alert emails, and blog authoring stays closed.
        </p>
        <ResendVerificationButton user={user} size="sm">
          Send a New Link
        </ResendVerificationButton>
      </div>
    </Alert>
  );
}
