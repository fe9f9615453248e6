import { KeyRound } from 'lucide-react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { authErrorMessage } from '../auth-error-message';
import { usePasskeySignIn } from '../api/second-factor-sign-in';
import { PasskeyCancelled } from '#web/lib/webauthn';

/**
 * "Sign in with a passkey": the browser asks which passkey and checks the user (PIN, fingerprint);
 * a right one opens the dashboard. A closed prompt says nothing; a refusal says why.
 */
export function PasskeySignInButton({ label = 'Sign in with a passkey' }: { label?: string }) {
  const signIn = usePasskeySignIn();
  const failed = signIn.isError && !(signIn.error instanceof PasskeyCancelled);
  return (
    <div className="space-y-3">
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        <KeyRound aria-hidden className="size-4" />
        {label}
      </Button>
      {failed && <Alert variant="destructive">{authErrorMessage(signIn.error)}</Alert>}
    </div>
  );
}
