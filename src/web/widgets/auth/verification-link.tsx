import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { messages } from '#shared/messages';
import type { Me } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { refusalMessage } from '#web/lib/form-errors';
import { useSendVerificationEmail } from '#web/data/session-mutations';
import { meQueryOptions } from '#web/data/session-queries';

const m = messages.auth;

/**
 * Where the user's verification link is, in their words: emailed to their address, or, on an install
 * without SMTP (`Me.verificationDelivery` 'log'), in the server's log for whoever runs it to pass on.
 */
export function verificationWhere(user: Me): string {
  return user.verificationDelivery === 'email' ? m.verificationEmailed(user.email) : m.verificationLogged;
}

/**
 * While the user's address is unverified, reads the session again whenever the window regains focus,
 * so verifying in another tab shows here without a reload.
 */
export function useVerificationRecheck(user: Me): void {
  useQuery({ ...meQueryOptions(), enabled: !user.emailVerified, refetchOnWindowFocus: 'always' });
}

/**
 * Sends the user a new verification link (the server allows 3 an hour) and says in a toast where it
 * went; a refusal is a toast with the server's reason.
 */
export function ResendVerificationButton({
  user,
  size,
  children,
}: {
  user: Me;
  size?: 'sm' | 'default';
  children: ReactNode;
}) {
  const send = useSendVerificationEmail();
  return (
    <Button
      variant="outline"
      size={size}
      loading={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: ({ delivery }) =>
            toast.success(delivery === 'email' ? m.verificationSent(user.email) : m.newLinkLogged),
          onError: (caught) => toast.error(refusalMessage(caught, m.verificationFailed)),
        })
      }
    >
      {children}
    </Button>
  );
}
