import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * The current 6-digit TOTP code (RFC 6238, 30 s) for the base32 key an authenticator app is given
 * (Settings → Security's manual key), computed with better-auth's own OTP code, as a phone would.
 */
export function totpCode(manualKey: string): Promise<string> {
  return createOTP(base32.decode(manualKey)).totp();
}
