import type Bowser from 'bowser';
import { createRequire } from 'node:module';
import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages';
import type { AccountSessionList } from '../../shared/schemas/auth';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/users';
import { iso } from '../db/sql-helpers';
import { AppError } from '../http/errors';

// Loaded when sessions are first listed, not at start-up: bowser is a large module.
const require = createRequire(import.meta.url);
const bowser = () => require('bowser') as typeof Bowser;

/**
 * A session's browser and system as people name them ('Chrome on Linux', 'Safari on iOS'), read from
 * its User-Agent header by bowser; null when the header is missing or names neither.
 */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = bowser().parse(userAgent);
  const parts = [browser.name, os.name].filter(Boolean);
  return parts.length > 0 ? parts.join(' on ') : null;
}

const DEVICE_TYPES = new Set(['desktop', 'mobile', 'tablet', 'tv'] as const);
type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'tv';

/** The kind of device a User-Agent header names (bowser's platform type); null when unknown. */
export function deviceTypeOf(userAgent: string | null): DeviceType | null {
  if (!userAgent) return null;
  const type = bowser().parse(userAgent).platform.type as DeviceType | undefined;
  return type && DEVICE_TYPES.has(type) ? type : null;
}

/** The most sessions `listAccountSessions` returns; `total` counts them all. */
export const ACCOUNT_SESSIONS_SHOWN = 50;

const live = (userId: string) => and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`));

/**
 * The user's live (unexpired) sessions, most recently active first, at most ACCOUNT_SESSIONS_SHOWN,
 * with `current` on the one whose id is `currentSessionId`. Never returns a session token.
 */
export async function listAccountSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<AccountSessionList> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
      })
      .from(sessions)
      .where(live(userId))
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(ACCOUNT_SESSIONS_SHOWN),
    db.select({ n: count() }).from(sessions).where(live(userId)),
  ]);
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      device: describeDevice(r.userAgent),
      deviceType: deviceTypeOf(r.userAgent),
      ipAddress: r.ipAddress,
      createdAt: iso(r.createdAt),
      lastActiveAt: iso(r.updatedAt),
      current: r.id === currentSessionId,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Ends every session of the user but `currentSessionId`. Sessions are read from the database on
 * every request (auth/session.ts), so the others are refused from their next request on.
 * @returns how many sessions ended.
 */
export async function signOutOtherSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Ends one of the user's other sessions (Settings → Security): refused from its next request on.
 * @throws AppError NOT_FOUND when `id` is not a session of the user (another user's reads as missing);
 *   CONFLICT for the session of the request itself (signing out does that).
 */
export async function endAccountSession(
  db: Database,
  userId: string,
  currentSessionId: string,
  id: string,
): Promise<void> {
  if (id === currentSessionId) throw new AppError('CONFLICT', messages.auth.endCurrentSession);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw AppError.notFound(messages.auth.sessionNotFound);
}
