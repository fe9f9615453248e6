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
  it('log-scales rank between the least and the best-linked host', () => {
    const ranks = new Map([
      ['hub', 0.8],
      ['mid', 0.1],
      ['low', 0.025],
      ['low2', 0.075],
    ]);
    const scores = authorityScores(ranks);
    expect(scores.get('hub')).toBe(100);
    expect(scores.get('low')).toBe(0);
    // ln(0.1/0.025) / ln(0.8/0.025) = ln 4 / ln 32 = 2/5.
    expect(scores.get('mid')).toBe(40);
  });

  it('gives a star’s hub 100 and its leaves 0', () => {
    const scores = authorityScores(
      pageRank([
        { from: 'a', to: 'hub' },
        { from: 'b', to: 'hub' },
      ]),
    );
    expect(Object.fromEntries(scores)).toEqual({ a: 0, b: 0, hub: 100 });
  });

  it('scores every host 0 when all rank alike', () => {
    const scores = authorityScores(
      pageRank([
        { from: 'a', to: 'b' },
        { from: 'b', to: 'a' },
      ]),
    );
    expect([...scores.values()]).toEqual([0, 0]);
  });
});
