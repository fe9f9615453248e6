import { describe, expect, it } from 'vitest';
import {
  hash32,
  parseSpintax,
  renderSpintax,
  spinSeed,
  spintaxCombinations,
  spintaxError,
  spintaxMessages as m,
} from './spintax';

describe('spintax parsing', () => {
  it('reads plain text, choices, nesting and empty options', () => {
    expect(parseSpintax('plain')).toEqual({ ok: true, nodes: ['plain'] });
    expect(parseSpintax('{Hi|Hello} you')).toEqual({
      ok: true,
      nodes: [{ at: 1, options: [['Hi'], ['Hello']] }, ' you'],
    });
    expect(parseSpintax('a{b|{c|d}|}')).toEqual({
      ok: true,
      nodes: ['a', { at: 2, options: [['b'], [{ at: 5, options: [['c'], ['d']] }], []] }],
    });
  });

  it('reports errors with their 1-based character', () => {
    const text = 'Hello there, this is a long subject {Hi|Hey';
    expect(text.indexOf('{') + 1).toBe(37);
    expect(spintaxError(text)).toEqual({ error: "Unclosed '{' at character 37", at: 37 });
    expect(spintaxError('ok } no')).toEqual({ error: m.unmatchedClose(4), at: 4 });
    expect(spintaxError('x {} y')).toEqual({ error: m.empty(3), at: 3 });
    expect(spintaxError('{a|{b|c}')).toEqual({ error: m.unclosed(1), at: 1 });
    expect(spintaxError('Hi {{first_name')).toEqual({ error: m.unclosedPlaceholder(4), at: 4 });
    expect(spintaxError('{Hi|Hello} {{first_name|there}}')).toBeNull();
  });

  it('does not treat {{placeholders}} or [Bracketed|fallbacks] as spintax, inside a choice too', () => {
    expect(renderSpintax('{{first_name|there}}', 's')).toBe('{{first_name|there}}');
    expect(spintaxCombinations('{{first_name|there}} [First Name|you]')).toBe(1);
    expect(spintaxCombinations('{Hi [First Name|there]|Hello {{name|you}}}')).toBe(2);
    const seen = new Set(
      Array.from({ length: 40 }, (_, i) => renderSpintax('{Hi [First Name|there]|Yo}', `s${i}`)),
    );
    expect(seen).toEqual(new Set(['Hi [First Name|there]', 'Yo']));
  });

  it('escapes {, }, | and \\ with a backslash and leaves other backslashes and a lone | alone', () => {
    expect(renderSpintax('\\{not spun\\} a|b \\\\ c:\\d', 'x')).toBe('{not spun} a|b \\ c:\\d');
    expect(renderSpintax('{a\\|b}', 'x')).toBe('a|b');
    expect(spintaxCombinations('\\{a|b\\}')).toBe(1);
  });

  it('counts combinations: products of sequences, sums of options', () => {
    expect(spintaxCombinations('no spin')).toBe(1);
    expect(spintaxCombinations('{Hi|Hello|Hey} {there|friend}')).toBe(6);
    expect(spintaxCombinations('{a|{b|c}|d}')).toBe(4);
    expect(spintaxCombinations('{a|b}{c|d}{e|f}')).toBe(8);
    expect(spintaxCombinations('{broken')).toBe(0);
  });
});

describe('spintax rendering', () => {
  const text = '{Hi|Hello|Hey} {there|friend}, {a|b|c|d}';

  it('is deterministic per seed and differs between parts and steps', () => {
    const seed = spinSeed('p-1', 1, 'body');
    expect(renderSpintax(text, seed)).toBe(renderSpintax(text, seed));
    expect(spinSeed('p-1', 1, 'body')).not.toBe(spinSeed('p-1', 2, 'body'));
    expect(spinSeed('p-1', 1, 'body')).not.toBe(spinSeed('p-1', 1, 'subject'));
    expect(() => renderSpintax('{x', seed)).toThrow(m.unclosed(1));
  });

  it('spreads the options roughly evenly over many seeds', () => {
    const counts = new Map<string, number>();
    const seeds = 6000;
    for (let i = 0; i < seeds; i++) {
      const word = renderSpintax('{Hi|Hello|Hey}', spinSeed(crypto.randomUUID(), 1, 'subject'));
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['Hello', 'Hey', 'Hi']);
    // Each share within 2,000 ± 200 (more than 4 standard deviations of a fair three-way split: σ ≈ 36.5).
    for (const n of counts.values()) expect(Math.abs(n - seeds / 3)).toBeLessThan(200);
  });

  it('picks nested options independently of their parent', () => {
    const seen = new Set(Array.from({ length: 200 }, (_, i) => renderSpintax('{a|{b|c}}', `seed-${i}`)));
    expect(seen).toEqual(new Set(['a', 'b', 'c']));
  });

  it('hashes to unsigned 32-bit integers', () => {
    expect(hash32('abc')).toBe(hash32('abc'));
    expect(hash32('abc')).not.toBe(hash32('abd'));
    expect(hash32('')).toBeGreaterThanOrEqual(0);
    expect(hash32('x')).toBeLessThan(2 ** 32);
  });
});
