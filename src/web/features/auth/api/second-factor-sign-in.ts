import { useMutation } from '@tanstack/react-query';
import { okSchema } from '#shared/schemas/api';
import { twoFactorPaths, webAuthnOptionsSchema, type SignInCodeInput } from '#shared/schemas/two-factor';
import { apiRequest } from '#web/lib/api-client';
import { useEnterDashboard } from '#web/data/session-mutations';
import { signWithPasskey } from '#web/lib/webauthn';

/** The second step of a password sign-in: an authenticator or backup code, then the dashboard. */
export function useSignInCode() {
  const enterDashboard = useEnterDashboard();
  return useMutation({
    mutationFn: (input: SignInCodeInput) =>
      apiRequest(twoFactorPaths.signInCode, { method: 'POST', body: input, schema: okSchema }),
    onSuccess: enterDashboard,
  });
}

/** Signs in with a passkey (no password, no code): the server's challenge, the browser's prompt, the check. */
export function usePasskeySignIn() {
  const enterDashboard = useEnterDashboard();
  return useMutation({
    mutationFn: async () => {
      const options = await apiRequest(twoFactorPaths.passkeySignInOptions, {
        schema: webAuthnOptionsSchema,
      });
      const response = await signWithPasskey(options);
      return apiRequest(twoFactorPaths.passkeySignIn, {
        method: 'POST',
        body: { response },
        schema: okSchema,
      });
    },
    onSuccess: enterDashboard,
  });
}
