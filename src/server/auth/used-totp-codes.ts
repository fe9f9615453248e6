import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/users';
import { usedTotpCodes } from '../db/schema/two-factor';

/** How long a used code is remembered: its 30 s step and one step either side, with a margin (ms). */
export const USED_CODE_MEMORY_MS = 2 * 60 * 1000;

/**
 * Claims an authenticator code that just signed `userId` in: true the first time, false when the
 * same code already did within USED_CODE_MEMORY_MS (RFC 6238 §5.2: a verifier must not accept an OTP
 * a second time). Atomic under concurrency: of two requests with one code, one claim wins.
 */
export async function claimTotpCode(db: Database, userId: string, code: string): Promise<boolean> {
  await db
    .delete(usedTotpCodes)
    .where(
      and(
        eq(usedTotpCodes.userId, userId),
        lt(usedTotpCodes.usedAt, sql`now() - ${`${USED_CODE_MEMORY_MS} milliseconds`}::interval`),
      ),
    );
  const claimed = await db
    .insert(usedTotpCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ code: usedTotpCodes.code });
  return claimed.length === 1;
}

/** Ends the session a replayed code had just opened (its token, as better-auth answered it). */
export async function endSessionByToken(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}
