import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * The current 6-digit TOTP code (RFC 6238, 30 s) for the base32 key an authenticator app is given
 * (Settings → Security's manual key), computed with better-auth's own OTP code, as a phone would.
 */
export function totpCode(manualKey: string): Promise<string> {
  return createOTP(base32.decode(manualKey)).totp();
}

/**
 * A code that has not signed in yet: the current one, or the next step's once the current one is in
 * `used` (a code signs in once: auth/used-totp-codes.ts). Polls the clock each second until the
 * code changes; adds the code it returns to `used`.
 */
export async function unusedTotpCode(manualKey: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = await totpCode(manualKey);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
