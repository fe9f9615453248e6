import { messages } from '#shared/messages';
import { ApiError } from '#web/lib/api-error';

/** The text to show for a failed sign-in or sign-up (docs/product.md#errors): the server's own words for a refused request, a generic line otherwise. */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.auth.unexpected;
  if (error.code === 'INVALID_CREDENTIALS' || error.message.toLowerCase().includes('invalid_credentials')) {
    return messages.auth.invalidCredentials;
  }
  return error.isClientError ? error.message : messages.auth.unexpected;
}
