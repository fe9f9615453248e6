import { describe, expect, it } from 'vitest';
import { formatPercent, responseRate, successRate, targetReached } from './rates';

describe('campaign rates', () => {
  it('response rate is responses over emails sent, 0 when none were sent', () => {
    expect(responseRate({ responses: 3, emailsSent: 12 })).toBe(25);
    expect(responseRate({ responses: 0, emailsSent: 0 })).toBe(0);
    expect(responseRate({ responses: 4, emailsSent: 0 })).toBe(0);
  });

  it('success rate divides by prospects found, target reached by target prospects; 0 on zero', () => {
    expect(successRate({ successCount: 1, prospectsFound: 3 })).toBeCloseTo(33.333, 2);
    expect(successRate({ successCount: 2, prospectsFound: 0 })).toBe(0);
    expect(targetReached({ successCount: 1, targetProspects: 8 })).toBe(12.5);
    expect(targetReached({ successCount: 1, targetProspects: 0 })).toBe(0);
  });

  it('formats with exactly one decimal', () => {
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(100 / 3)).toBe('33.3%');
    expect(formatPercent(12.25)).toBe('12.3%');
    expect(formatPercent(100)).toBe('100.0%');
  });
});
