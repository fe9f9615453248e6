import { messages } from '../../shared/messages';
import { twoFactorMessages as m } from '../../shared/schemas/two-factor';
import { AppError } from '../http/errors';

/** How long better-auth's two-factor plugin refuses codes after 10 wrong ones in a row (seconds). */
const LOCKED_FOR_S = 15 * 60;

/**
 * The AppError for a refusal of better-auth's two-factor or passkey plugin, by its error code, in
 * the user's words: a wrong code or password is a 400 on its field, an expired challenge 401, the
 * plugin's lock 429. `codeField` names the form field a wrong code belongs to.
 * @returns null for a code it does not know (the caller treats that as a failure of ours).
 */
export function secondFactorError(code: string, codeField = 'code'): AppError | null {
  switch (code) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      return AppError.invalidField(codeField, m.codeInvalid);
    case 'INVALID_PASSWORD':
      return AppError.invalidField('password', messages.auth.currentPasswordWrong);
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return new AppError('UNAUTHORIZED', m.challengeExpired);
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return AppError.rateLimited(m.tooManyCodes, LOCKED_FOR_S);
    case 'TOTP_ALREADY_ENABLED':
      return new AppError('CONFLICT', m.alreadyEnabled);
    case 'TWO_FACTOR_NOT_ENABLED':
      return new AppError('CONFLICT', m.notEnabled);
    case 'SESSION_NOT_FRESH':
      return AppError.forbidden(m.passkeyNotFresh);
    case 'PASSKEY_NOT_FOUND':
      return new AppError('INVALID_CREDENTIALS', m.passkeyNotFound);
    case 'CHALLENGE_NOT_FOUND':
    case 'AUTHENTICATION_FAILED':
    case 'FAILED_TO_VERIFY_REGISTRATION':
    case 'USER_NOT_VERIFIED':
      return new AppError('VALIDATION_ERROR', m.passkeyFailed);
    default:
      return null;
  }
}

/**
 * The JSON body of better-auth's answer (`asResponse: true`) when it succeeded.
 * @throws the AppError of secondFactorError for a known refusal; Error for anything else (500).
 */
export async function secondFactorAnswer<T>(
  response: Response,
  what: string,
  codeField?: string,
): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { code?: string }) | null;
  if (response.ok) return body as T;
  const code = body?.code ?? '';
  throw secondFactorError(code, codeField) ?? new Error(`${what} failed: ${response.status} ${code}`);
}
