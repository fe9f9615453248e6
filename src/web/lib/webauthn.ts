import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's passkey ceremonies (WebAuthn, through @simplewebauthn/browser), fed with the
 * server's options JSON and answering the credential as JSON for the API. A user who cancels the
 * browser's prompt gets `PasskeyCancelled`, so the screens can stay quiet about it.
 */
export class PasskeyCancelled extends Error {
  override readonly name = 'PasskeyCancelled';
}

function cancelledOr(error: unknown): never {
  // NotAllowedError: the prompt was closed or timed out (the WebAuthn spec gives no finer reason).
  if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') throw new PasskeyCancelled();
  if (error instanceof Error && error.name === 'NotAllowedError') throw new PasskeyCancelled();
  throw error;
}

/** Creates a passkey on this device for the options `GET /api/profile/passkeys/options` gave. */
export function createPasskey(options: unknown) {
  return startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }).catch(
    cancelledOr,
  );
}

/** Signs the challenge of `GET /api/auth/passkey/options` with one of the user's passkeys. */
export function signWithPasskey(options: unknown) {
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }).catch(
    cancelledOr,
  );
}
