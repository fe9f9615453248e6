import { sql } from 'drizzle-orm';
import { magicLink } from 'better-auth/plugins';
import { apiPaths } from '../../shared/paths';
import { appMailer } from '../alert-mail';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';

/** How long an emailed sign-in link works (seconds). */
export const SIGN_IN_LINK_TTL_S = 15 * 60;

/**
 * better-auth's magic-link plugin as LinkPilot uses it (docs/decisions/032-sso-sessions-and-lock-out.md):
 * the owner's way in that no attacker's wrong passwords can block. Only existing accounts get a
 * link (no sign-up by link, and nothing is sent to an unknown address, which answers the same);
 * the token is stored hashed, works once for SIGN_IN_LINK_TTL_S, and the link opens our own route
 * (`apiPaths.signInLinkVerify`), since better-auth's handler is not mounted. Without SMTP_HOST
 * the link goes to the server's log, as verification links do.
 */
export function signInLinkPlugin(db: Database, config: Config) {
  return magicLink({
    expiresIn: SIGN_IN_LINK_TTL_S,
    disableSignUp: true,
    storeToken: 'hashed',
    sendMagicLink: async ({ email, token }) => {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      if (!user) return;
      const url = `${config.APP_URL}${apiPaths.signInLinkVerify}?token=${encodeURIComponent(token)}`;
      const send = appMailer(config);
      if (!send) {
        if (config.LOG_LEVEL !== 'silent')
          console.warn(
            `[sign-in-link] No mail server is set up (SMTP_HOST is empty). Link for ${email}: ${url}`,
          );
        return;
      }
      await send({
        to: email,
        subject: 'Your LinkPilot sign-in link',
        text:
          `Open this link to sign in to LinkPilot as ${email}:\n\n${url}\n\n` +
          `It works once, for 15 minutes. If you did not ask for it, ignore this email: nobody can use it without your inbox.\n`,
      }).catch((error: unknown) => console.error('[sign-in-link] sending failed:', (error as Error).message));
    },
  });
}
