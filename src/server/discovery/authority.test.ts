import { describe, expect, it } from 'vitest';
import { authorityScores, pageRank } from './authority';

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('pageRank', () => {
  it('splits rank evenly on a cycle', () => {
    const ranks = pageRank([
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
      { from: 'c', to: 'a' },
    ]);
    for (const host of ['a', 'b', 'c']) expect(ranks.get(host)).toBeCloseTo(1 / 3, 9);
  });

  it('gives the known values of a star (every leaf links the hub)', () => {
    // Leaves have no in-links: (1-d)/N = 0.15/4 = 0.0375 each, plus the hub's dangling share.
    // The hub links nowhere, so its rank h is spread: leaf = 0.0375 + 0.85·h/4,
    // h = 0.0375 + 0.85·h/4 + 0.85·3·leaf. Solving: leaf = 0.0375 + 0.2125h, h = 0.0375 + 0.2125h + 2.55·leaf.
    const ranks = pageRank([
      { from: 'l1', to: 'hub' },
      { from: 'l2', to: 'hub' },
      { from: 'l3', to: 'hub' },
    ]);
    const h = (0.0375 + 2.55 * 0.0375) / (1 - 0.2125 - 2.55 * 0.2125);
    const leaf = 0.0375 + 0.2125 * h;
    expect(ranks.get('hub')).toBeCloseTo(h, 9);
    expect(ranks.get('l1')).toBeCloseTo(leaf, 9);
    expect(sum(ranks)).toBeCloseTo(1, 9);
  });

  it('ignores self links and duplicate pairs', () => {
    const ranks = pageRank([
      { from: 'a', to: 'a' },
      { from: 'a', to: 'b' },
      { from: 'a', to: 'b' },
      { from: 'b', to: 'a' },
    ]);
    expect(ranks.get('a')).toBeCloseTo(0.5, 9);
    expect(ranks.get('b')).toBeCloseTo(0.5, 9);
  });

  it('returns nothing for no edges', () => {
    expect(pageRank([]).size).toBe(0);
  });
});

describe('authorityScores', () => {
  it('log-scales rank so the best-linked host is 100', () => {
    const ranks = new Map([
      ['hub', 0.6],
      ['mid', 0.3],
      ['low', 0.1],
    ]);
    const scores = authorityScores(ranks);
    expect(scores.get('hub')).toBe(100);
    // x = rank·N: mid 0.9, low 0.3, max 1.8.
    expect(scores.get('mid')).toBe(Math.round((100 * Math.log(1.9)) / Math.log(2.8)));
    expect(scores.get('low')).toBe(Math.round((100 * Math.log(1.3)) / Math.log(2.8)));
  });

  it('scores every host of a cycle alike', () => {
    const scores = authorityScores(pageRank([{ from: 'a', to: 'b' }, { from: 'b', to: 'a' }]));
    expect([...scores.values()]).toEqual([100, 100]);
  });
});
