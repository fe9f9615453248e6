import { describe, expect, it } from 'vitest';
import { reportFigures } from './report-figures';
import type { Report } from './schemas/reports';

/** The smallest report the figures read: a funnel, no links, no money. */
function report(funnel: Report['funnel']): Report {
  return {
    scope: { kind: 'client', id: '00000000-0000-4000-8000-000000000001', name: 'Acme' },
    from: '2026-11-01',
    to: '2026-11-30',
    links: [],
    statusCounts: { active: 0, suspicious: 0, lost: 0, unmonitored: 0 },
    funnel,
    money: null,
  } as unknown as Report;
}

describe('reportFigures', () => {
  it('reads the rates as unknown when nobody was contacted', () => {
    const figures = reportFigures(
      report({ prospects: 4, contacted: 0, replied: 0, won: 0, replyRate: 0, winRate: 0 }),
    );
    expect(Object.fromEntries(figures.funnel)).toMatchObject({ 'Reply rate': '—', 'Win rate': '—' });
  });

  it('gives the rates of those contacted, 0 % included', () => {
    const figures = reportFigures(
      report({ prospects: 9, contacted: 8, replied: 2, won: 0, replyRate: 25, winRate: 0 }),
    );
    expect(Object.fromEntries(figures.funnel)).toMatchObject({ 'Reply rate': '25.0%', 'Win rate': '0.0%' });
  });
});
