import { describe, expect, it } from 'vitest';
import { chooseVariant, variantLabel, variantText } from './variants';

const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());

describe('choosing a variant', () => {
  const variants = [
    { id: 'a', weight: 1 },
    { id: 'b', weight: 1 },
  ];

  it('is deterministic per prospect and step, so a retry picks the same one', () => {
    for (const id of ids(50)) {
      const first = chooseVariant(variants, id, 2);
      expect(chooseVariant(variants, id, 2)).toBe(first);
      expect(chooseVariant([...variants], id, 2)?.id).toBe(first?.id);
    }
    expect(chooseVariant([], 'p', 1)).toBeNull();
  });

  it('respects the weights over many prospects', () => {
    const weighted = [
      { id: 'a', weight: 1 },
      { id: 'b', weight: 3 },
    ];
    const n = 8000;
    let b = 0;
    for (const id of ids(n)) if (chooseVariant(weighted, id, 1)?.id === 'b') b++;
    // Expected 6,000; σ = √(8000·0.75·0.25) ≈ 38.7, so ±250 is more than 6σ.
    expect(Math.abs(b - 6000)).toBeLessThan(250);
  });

  it('splits evenly between equal weights, and each step on its own', () => {
    const four = ['a', 'b', 'c', 'd'].map((id) => ({ id, weight: 25 }));
    const counts: Record<string, number> = {};
    let differentSteps = 0;
    for (const id of ids(4000)) {
      const v = chooseVariant(four, id, 1)!.id;
      counts[v] = (counts[v] ?? 0) + 1;
      if (chooseVariant(four, id, 2)!.id !== v) differentSteps++;
    }
    for (const c of Object.values(counts)) expect(Math.abs(c - 1000)).toBeLessThan(150);
    expect(differentSteps).toBeGreaterThan(2500);
  });
});

describe('a variant’s text', () => {
  it('keeps the step’s subject or body where the variant left it empty', () => {
    const step = { subject: 'S', content: 'C' };
    expect(variantText(step, { subject: ' ', content: 'C2' })).toEqual({ subject: 'S', content: 'C2' });
    expect(variantText(step, { subject: 'S2', content: '' })).toEqual({ subject: 'S2', content: 'C' });
    expect(variantText(step, null)).toEqual(step);
    expect(variantLabel(0) + variantLabel(3)).toBe('AD');
  });
});
