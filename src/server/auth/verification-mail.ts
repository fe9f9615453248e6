import { createEmailVerificationToken } from 'better-auth/api';
import { apiPaths } from '../../shared/paths';
import type { VerificationDelivery } from '../../shared/schemas/auth';
import { appMailer } from '../alert-mail';
import type { Config } from '../config';

/** How long an email verification link works (seconds): a day, so a link read the next morning still works. */
export const VERIFICATION_LINK_TTL_S = 24 * 60 * 60;

/** Where this install sends verification links: 'email' through its SMTP server, 'log' without SMTP_HOST. */
export function verificationDelivery(config: Config): VerificationDelivery['delivery'] {
  return config.SMTP_HOST ? 'email' : 'log';
}

/** The server log's line carrying a verification link that could not be emailed, for the operator to pass on. */
export function loggedLinkLine(to: string, url: string): string {
  return (
    `[email-verification] No mail server is set up (SMTP_HOST is empty), so this link was not emailed. ` +
    `Send it to ${to} yourself; it verifies their address for 24 hours: ${url}`
  );
}

/**
 * Sends the link that proves `to` is the user's address, through the app's SMTP (SMTP_* settings).
 * Without SMTP_HOST the link goes to the server's log instead (unless LOG_LEVEL is 'silent'), so
 * the operator of a small install can pass it on; it never appears in an API answer.
 * @throws nodemailer's error when the SMTP server refuses the message.
 */
export async function sendVerificationLink(
  config: Config,
  to: string,
  url: string,
): Promise<VerificationDelivery['delivery']> {
  const send = appMailer(config);
  if (!send) {
    if (config.LOG_LEVEL !== 'silent') console.warn(loggedLinkLine(to, url));
    return 'log';
  }
  await send({
    to,
    subject: 'Verify your email address for LinkPilot',
    text:
      `Open this link to confirm that ${to} is your address:\n\n${url}\n\n` +
      `It works for 24 hours. If you did not sign up for LinkPilot, ignore this email.\n`,
  });
  return 'email';
}

/**
 * A new verification link for the user (a JWT signed with the auth secret, naming the address and
 * the user, valid VERIFICATION_LINK_TTL_S), the same kind better-auth makes at sign-up.
 */
export async function verificationUrl(
  config: Config,
  secret: string,
  user: { id: string; email: string },
): Promise<string> {
  const token = await createEmailVerificationToken(secret, user.email, undefined, VERIFICATION_LINK_TTL_S, {
    userId: user.id,
  });
  return `${config.APP_URL}${apiPaths.verifyEmail}?token=${encodeURIComponent(token)}`;
}
