import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '#shared/schemas/api';
import {
  backupCodesSchema,
  passkeyListSchema,
  passkeySummarySchema,
  twoFactorPaths,
  twoFactorPolicyStateSchema,
  twoFactorSetupSchema,
  webAuthnOptionsSchema,
  type ConfirmTwoFactorInput,
  type DisableTwoFactorInput,
  type PasswordConfirmInput,
} from '#shared/schemas/two-factor';
import { apiRequest } from '#web/lib/api-client';
import { meQueryKey, twoFactorStatusKey } from '#web/data/session-queries';
import { createPasskey } from '#web/lib/webauthn';

/** Cache keys of Settings → Security's second factors. */
export const twoFactorKeys = {
  status: twoFactorStatusKey,
  passkeys: ['passkeys'] as const,
  policy: ['two-factor-policy'] as const,
};

/** GET /api/profile/passkeys: the user's passkeys, newest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: twoFactorKeys.passkeys,
    queryFn: ({ signal }) => apiRequest(twoFactorPaths.passkeys, { schema: passkeyListSchema, signal }),
  });
}

/** GET /api/workspace/two-factor-policy: the workspace's requirement and who lacks 2FA. */
export function useTwoFactorPolicy() {
  return useQuery({
    queryKey: twoFactorKeys.policy,
    queryFn: ({ signal }) =>
      apiRequest(twoFactorPaths.policy, { schema: twoFactorPolicyStateSchema, signal }),
  });
}

/** After 2FA went on or off: the state, the session user (the policy guard reads it) and the policy count. */
function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
      queryClient.invalidateQueries({ queryKey: twoFactorKeys.policy }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
}

/** POST setup: a new secret (QR code, manual key) and backup codes; 2FA is on after `useConfirmTwoFactor`. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) =>
      apiRequest(twoFactorPaths.setup, { method: 'POST', body: input, schema: twoFactorSetupSchema }),
  });
}

/** POST confirm: the first code; turns 2FA on. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: ConfirmTwoFactorInput) =>
      apiRequest(twoFactorPaths.confirm, { method: 'POST', body: input, schema: okSchema }),
    onSuccess: refresh,
  });
}

/** POST backup-codes: ten new codes (the old ones stop working). */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) =>
      apiRequest(twoFactorPaths.backupCodes, { method: 'POST', body: input, schema: backupCodesSchema }),
  });
}

/** POST disable: the password and a code; turns 2FA off. */
export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) =>
      apiRequest(twoFactorPaths.disable, { method: 'POST', body: input, schema: okSchema }),
    onSuccess: refresh,
  });
}

/** Registers a passkey of this device: the server's options, the browser's prompt, then the server's check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await apiRequest(twoFactorPaths.passkeyRegistrationOptions, {
        schema: webAuthnOptionsSchema,
      });
      const response = await createPasskey(options);
      return apiRequest(twoFactorPaths.passkeys, {
        method: 'POST',
        body: { response, ...(name.trim() ? { name: name.trim() } : {}) },
        schema: passkeySummarySchema,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.passkeys }),
  });
}

/** DELETE one of the user's passkeys. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(twoFactorPaths.passkey.replace(':id', encodeURIComponent(id)), {
        method: 'DELETE',
        schema: okSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.passkeys }),
  });
}

/** PUT the workspace's requirement (Full Access, with 2FA of one's own). */
export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      apiRequest(twoFactorPaths.policy, {
        method: 'PUT',
        body: { requireTwoFactor },
        schema: twoFactorPolicyStateSchema,
      }),
    onSuccess: (state) => queryClient.setQueryData(twoFactorKeys.policy, state),
  });
}
