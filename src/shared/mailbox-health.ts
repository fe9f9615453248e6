import { percent } from './rates';
import type { MailboxHealth } from './schemas/mail-health';

/**
 * The mailbox health rules, shared by the server (which pauses a mailbox) and the screen (which
 * shows a rate over its limit in red): docs/decisions/014-mailbox-health.md.
 */

/** The three limits of a mailbox, each a percentage (0–100) of its sends in the health window. */
export interface HealthThresholds {
  maxHardBouncePct: number;
  maxPolicyBlockPct: number;
  maxUnsubscribePct: number;
}

/**
 * Fewest sends in the window before a rate may pause the mailbox: on 2 sends one bounce is 50 %,
 * which says nothing about the address list or the sender's reputation.
 */
export const HEALTH_MIN_SENDS = 20;
/**
 * Fewest events of one kind before its rate may pause the mailbox: at 20–50 sends a single
 * unsubscribe is already over the 2 % default, and one person's click is not a pattern.
 */
export const HEALTH_MIN_EVENTS = 2;

/** The counts of a health window. */
export type HealthCounts = Pick<
  MailboxHealth,
  'sent' | 'hardBounces' | 'softBounces' | 'policyBlocks' | 'unsubscribes' | 'replies'
>;

/** The counts with each one's rate, as a percentage of `sent` (0 when nothing was sent). */
export function withRates(c: HealthCounts): MailboxHealth {
  return {
    ...c,
    hardBouncePct: percent(c.hardBounces, c.sent),
    softBouncePct: percent(c.softBounces, c.sent),
    policyBlockPct: percent(c.policyBlocks, c.sent),
    unsubscribePct: percent(c.unsubscribes, c.sent),
    replyPct: percent(c.replies, c.sent),
  };
}

/** The rates that have a limit, with the words the user reads. */
export const limitedRates = [
  { rate: 'hardBouncePct', count: 'hardBounces', limit: 'maxHardBouncePct', label: 'hard bounces' },
  { rate: 'policyBlockPct', count: 'policyBlocks', limit: 'maxPolicyBlockPct', label: 'policy blocks' },
  { rate: 'unsubscribePct', count: 'unsubscribes', limit: 'maxUnsubscribePct', label: 'unsubscribes' },
] as const;

export type LimitedRate = (typeof limitedRates)[number];

/** True when a rate is over its limit: strictly above, so a 5 % limit allows exactly 5 %. */
export function overLimit(pct: number, limitPct: number): boolean {
  return pct > limitPct;
}

/** A rate that crossed its limit over a sample large enough to act on. */
export interface HealthBreach {
  label: LimitedRate['label'];
  pct: number;
  limitPct: number;
  sent: number;
}

/**
 * The first rate (hard bounces, then policy blocks, then unsubscribes) over its limit, once the
 * window holds at least HEALTH_MIN_SENDS sends and HEALTH_MIN_EVENTS events of that kind; null
 * when the mailbox may go on sending.
 */
export function healthBreach(health: MailboxHealth, limits: HealthThresholds): HealthBreach | null {
  if (health.sent < HEALTH_MIN_SENDS) return null;
  for (const r of limitedRates) {
    if (health[r.count] >= HEALTH_MIN_EVENTS && overLimit(health[r.rate], limits[r.limit]))
      return { label: r.label, pct: health[r.rate], limitPct: limits[r.limit], sent: health.sent };
  }
  return null;
}

/** A percentage with at most one decimal and a space before the sign, e.g. `7.5 %`, `5 %`. */
export function formatPct(value: number): string {
  return `${Math.round(value * 10) / 10} %`;
}

/** Why a mailbox was paused, in the user's words: "Paused: 7.5 % hard bounces over the last 40 sends (limit 5 %)". */
export function pauseReason(b: HealthBreach): string {
  return `Paused: ${formatPct(b.pct)} ${b.label} over the last ${b.sent} sends (limit ${formatPct(b.limitPct)})`;
}

/**
 * The number of messages a mailbox may send today: its ramp limit while it warms up (never above
 * the daily limit the user set), else its daily limit.
 */
export function effectiveDailyLimit(m: { dailyLimit: number; rampLimit: number | null }): number {
  return m.rampLimit === null ? m.dailyLimit : Math.min(m.rampLimit, m.dailyLimit);
}
