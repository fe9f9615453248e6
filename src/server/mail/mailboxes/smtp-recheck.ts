import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { describeMailFailure, smtpOptions, type MailboxServers } from './connection';
import { markMailboxError, markMailboxWorking } from './mark-status';

/**
 * Logs in to a mailbox in SMTP error and back out, and records what it finds: the error cleared
 * when the server answers and accepts the login, the reason brought up to date when it does not.
 * A mailbox in error sends nothing (claim.ts takes only connected ones), so without this check an
 * SMTP error would never clear by itself; the periodic sync runs it (docs/decisions/014-mailbox-health.md).
 * @returns true when SMTP works again.
 */
export async function recheckSmtp(
  db: Database,
  mailboxId: string,
  servers: MailboxServers,
): Promise<boolean> {
  const transport = nodemailer.createTransport(smtpOptions(servers));
  try {
    await transport.verify();
  } catch (error) {
    await markMailboxError(
      db,
      mailboxId,
      'smtp',
      describeMailFailure('SMTP', servers.smtpHost, servers.smtpPort, error),
    );
    return false;
  } finally {
    transport.close();
  }
  await markMailboxWorking(db, mailboxId, 'smtp');
  return true;
}
