import nodemailer from 'nodemailer';
import type { Config } from './config';

/** One plain-text email of the app: an alert, or a scheduled report with its PDF attached. */
export interface AlertMail {
  to: string;
  subject: string;
  text: string;
  /** The sender's display name in place of "LinkPilot" (a white-labelled report); the address stays the app's. */
  fromName?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * Sends alert emails through the app's own SMTP server (SMTP_* settings, README "Settings"), or
 * null when SMTP_HOST is unset: alerts then stay in the dashboard only.
 * @throws nodemailer's error when the server refuses the message.
 */
export function appMailer(config: Config): ((mail: AlertMail) => Promise<void>) | null {
  if (!config.SMTP_HOST) return null;
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURITY === 'tls',
    requireTLS: config.SMTP_SECURITY === 'starttls',
    ignoreTLS: config.SMTP_SECURITY === 'none',
    ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } } : {}),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const from = config.SMTP_FROM ?? `LinkPilot <alerts@${new URL(config.APP_URL).hostname}>`;
  return async ({ fromName, ...mail }) => {
    const address = from.match(/<([^>]+)>/)?.[1] ?? from;
    await transport.sendMail({ from: fromName ? { name: fromName, address } : from, ...mail });
  };
}

/**
 * Emails an alert to a user through appMailer when the app's SMTP is set and the user has verified
 * their address (mail to an address nobody confirmed could go to a stranger); does nothing otherwise,
 * and nothing for `null` (the campaign owner or mailbox connector has left the install).
 * A refused message is logged under `tag`, never thrown: the dashboard notification is already stored.
 */
export async function sendAlertMail(
  config: Config,
  tag: string,
  recipient: { email: string; emailVerified: boolean } | null,
  mail: Omit<AlertMail, 'to'>,
): Promise<void> {
  const send = appMailer(config);
  if (!send || !recipient?.emailVerified) return;
  await send({ to: recipient.email, ...mail }).catch((error: unknown) =>
    console.error(`[${tag}] alert email failed:`, (error as Error).message),
  );
}
