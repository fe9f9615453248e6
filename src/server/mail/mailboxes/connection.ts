import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { mailboxMessages, type MailSecurity } from '../../../shared/schemas/mailboxes';

/** How a mailbox logs in: a password (plaintext here, encrypted at rest) or an OAuth2 access token (XOAUTH2). */
export type MailboxAuth = { user: string; pass: string } | { user: string; accessToken: string };

/** Where and how to reach a mailbox's servers. */
export interface MailboxServers {
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: MailSecurity;
  imapHost: string;
  imapPort: number;
  imapSecurity: MailSecurity;
  auth: MailboxAuth;
}

/** Time allowed to connect and to log in to a mail server (ms). */
export const MAIL_TIMEOUT_MS = 15_000;

/** nodemailer SMTP options: 'tls' = implicit TLS (465), 'starttls' = upgrade required (587), 'none' = plain. */
export function smtpOptions(s: MailboxServers): SMTPTransport.Options {
  return {
    host: s.smtpHost,
    port: s.smtpPort,
    secure: s.smtpSecurity === 'tls',
    requireTLS: s.smtpSecurity === 'starttls',
    ignoreTLS: s.smtpSecurity === 'none',
    auth:
      'accessToken' in s.auth
        ? { type: 'OAuth2', user: s.auth.user, accessToken: s.auth.accessToken }
        : s.auth,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS * 2,
  };
}

/** imapflow options with the same meaning of security as smtpOptions. */
export function imapOptions(s: MailboxServers): ImapFlowOptions {
  return {
    host: s.imapHost,
    port: s.imapPort,
    secure: s.imapSecurity === 'tls',
    doSTARTTLS: s.imapSecurity === 'starttls' ? true : s.imapSecurity === 'none' ? false : undefined,
    auth: s.auth,
    logger: false,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
  };
}

/** A login or connection check that failed, with a reason the user can act on. */
export class MailboxConnectionError extends Error {}

/**
 * A failed login or connection in words the user can act on (refused login, connection refused,
 * host not found, timeout, TLS). nodemailer and imapflow wrap socket failures (code ESOCKET and
 * the like), so the low-level cause is read from the code and the message together.
 */
export function describeMailFailure(
  protocol: 'SMTP' | 'IMAP',
  host: string,
  port: number,
  error: unknown,
): string {
  const e = error as {
    code?: string;
    responseCode?: number;
    authenticationFailed?: boolean;
    message?: string;
  };
  const text = `${e.code ?? ''} ${e.message ?? ''}`;
  const server = `the ${protocol} server ${host}:${port}`;
  if (e.responseCode === 535 || e.code === 'EAUTH' || e.authenticationFailed) {
    return protocol === 'SMTP' ? mailboxMessages.smtpLoginRefused : mailboxMessages.imapLoginRefused;
  }
  if (/ECONNREFUSED/.test(text))
    return `Could not connect to ${server} (connection refused). Check host and port.`;
  if (/ENOTFOUND|EAI_AGAIN|EDNS/.test(text))
    return `The ${protocol} server ${host} was not found. Check the host name.`;
  if (/TIMEDOUT|TIMEOUT|timed? ?out/i.test(text))
    return `The ${protocol} server ${host}:${port} did not answer in time. Check host, port and security.`;
  if (/ETLS|SSL|TLS|certificate/i.test(text))
    return `Could not open a secure connection to ${server}. Check the security setting.`;
  return `The ${protocol} server ${host}:${port} refused the connection: ${e.message ?? 'unknown error'}`;
}

/**
 * Logs in to both servers (SMTP to send, IMAP to read replies) and logs out again.
 * @throws MailboxConnectionError with the first failure, in words the user can act on.
 */
export async function verifyMailbox(servers: MailboxServers): Promise<void> {
  const transport = nodemailer.createTransport(smtpOptions(servers));
  try {
    await transport.verify();
  } catch (error) {
    throw new MailboxConnectionError(describeMailFailure('SMTP', servers.smtpHost, servers.smtpPort, error));
  } finally {
    transport.close();
  }
  const imap = new ImapFlow(imapOptions(servers));
  imap.on('error', () => undefined); // a failed login also emits 'error'; connect() rejects with it
  try {
    await imap.connect();
    await imap.logout();
  } catch (error) {
    imap.close();
    throw new MailboxConnectionError(describeMailFailure('IMAP', servers.imapHost, servers.imapPort, error));
  }
}
