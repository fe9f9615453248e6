import { describe, expect, it } from 'vitest';
import { effectiveDailyLimit, formatPct, healthBreach, pauseReason, withRates } from './mailbox-health';
import { HEALTH_DEFAULTS } from './schemas/mail-health';

const counts = { sent: 40, hardBounces: 0, softBounces: 0, policyBlocks: 0, unsubscribes: 0, replies: 0 };

describe('mailbox health rules', () => {
  it('allows a rate exactly at its limit and pauses just above it', () => {
    expect(healthBreach(withRates({ ...counts, hardBounces: 2 }), HEALTH_DEFAULTS)).toBeNull(); // 5 %
    const breach = healthBreach(withRates({ ...counts, hardBounces: 3 }), HEALTH_DEFAULTS);
    expect(breach).toEqual({ label: 'hard bounces', pct: 7.5, limitPct: 5, sent: 40 });
    expect(pauseReason(breach!)).toBe('Paused: 7.5 % hard bounces over the last 40 sends (limit 5 %)');
  });

  it('names hard bounces first when several rates are over', () => {
    const health = withRates({ ...counts, hardBounces: 4, policyBlocks: 4, unsubscribes: 4 });
    expect(healthBreach(health, HEALTH_DEFAULTS)?.label).toBe('hard bounces');
    expect(healthBreach(health, { ...HEALTH_DEFAULTS, maxHardBouncePct: 50 })?.label).toBe('policy blocks');
  });

  it('gives rates of 0 when nothing was sent, and rounds to one decimal for reading', () => {
    expect(withRates({ ...counts, sent: 0 }).hardBouncePct).toBe(0);
    expect(formatPct(100 / 3)).toBe('33.3 %');
    expect(formatPct(5)).toBe('5 %');
  });

  it('limits the day to the ramp while it runs, never above the daily limit', () => {
    expect(effectiveDailyLimit({ dailyLimit: 30, rampLimit: 15 })).toBe(15);
    expect(effectiveDailyLimit({ dailyLimit: 8, rampLimit: 15 })).toBe(8);
    expect(effectiveDailyLimit({ dailyLimit: 30, rampLimit: null })).toBe(30);
  });
});
