import { mailboxMessages } from '../../../shared/schemas/mailboxes';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { countHit } from '../../http/rate-limit-store';

/** The window of the mailbox login-check limits (ms). */
export const LOGIN_CHECK_WINDOW_MS = 15 * 60 * 1000;

/** How many login checks one user, and one mail server for all users, may have in a window. */
export interface LoginCheckLimits {
  perUser: number;
  perServer: number;
}

/**
 * Counts one mailbox login check (connecting a mailbox, or a new password for it) for the user and
 * for each server it would log in to, before any connection is opened: without it any signed-in user
 * could make LinkPilot guess passwords on any public mail server, one form post per guess.
 * Every window counts the attempt, so a refused user cannot switch servers to reset their count.
 * @throws AppError RATE_LIMITED (429, Retry-After: the longest wait) when the user or a server
 *   has had `limits.perUser` / `limits.perServer` checks in the last LOGIN_CHECK_WINDOW_MS.
 */
export async function admitLoginCheck(
  db: Database,
  limits: LoginCheckLimits,
  userId: string,
  servers: { smtpHost: string; imapHost: string },
): Promise<void> {
  const hosts = new Set([servers.smtpHost, servers.imapHost].map((host) => host.toLowerCase()));
  const windows = [
    { key: `mailbox-check:user:${userId}`, max: limits.perUser },
    ...[...hosts].map((host) => ({ key: `mailbox-check:server:${host}`, max: limits.perServer })),
  ];
  const hits = await Promise.all(windows.map((w) => countHit(db, w.key, LOGIN_CHECK_WINDOW_MS)));
  const waits = hits.flatMap((hit, i) => (hit.count > windows[i]!.max ? [Math.ceil(hit.ttlMs / 1000)] : []));
  if (waits.length > 0) throw AppError.rateLimited(mailboxMessages.tooManyChecks, Math.max(...waits));
}
