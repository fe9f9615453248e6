import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { messages } from '#shared/messages';
import { AppError } from '../http/errors';

// Loaded on the first check, not at start-up: the package unpacks its whole list when it loads.
const require = createRequire(import.meta.url);
let common: Set<string> | undefined;

/**
 * True when `password` is one of the ~49,000 most used passwords (zxcvbn-ts's list, drawn from
 * leaked password sets), compared in lower case. NIST SP 800-63B §5.1.1.2 asks for this check on
 * every new password, beside its 8-character minimum (`limits.passwordMinLength`).
 * The list is loaded and put into a Set on the first call.
 */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as typeof LanguageCommon;
    common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  }
  return common.has(password.toLowerCase());
}

/**
 * Refuses a password from the common-password list (`isCommonPassword`) like an invalid `field`.
 * @throws AppError VALIDATION_ERROR (400) on `field`.
 */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw AppError.invalidField(field, messages.auth.passwordTooCommon);
}
