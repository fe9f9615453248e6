import { describe, expect, it } from 'vitest';
import {
  addressNamePart,
  candidateAddresses,
  candidateConfidence,
  learnPatterns,
  patternOfAddress,
  splitName,
} from './address-patterns';

describe('names and patterns', () => {
  it('writes name parts as addresses do', () => {
    expect(addressNamePart('Zoë')).toBe('zoe');
    expect(addressNamePart("O'Brien")).toBe('obrien');
    expect(splitName('  Mary Ann van Dyke ')).toEqual({ first: 'mary', last: 'dyke' });
    expect(splitName('Cher')).toEqual({ first: 'cher', last: '' });
    expect(splitName(' ')).toBeNull();
  });

  it('recognises the pattern of a named address', () => {
    expect(patternOfAddress('jane.doe@acme.test', 'Jane Doe')).toBe('first.last');
    expect(patternOfAddress('jdoe@acme.test', 'Jane Doe')).toBe('flast');
    expect(patternOfAddress('JANE@acme.test', 'Jane Doe')).toBe('first');
    expect(patternOfAddress('hello@acme.test', 'Jane Doe')).toBeNull();
  });

  it('puts the domain’s learned pattern first, then the common ones', () => {
    const learned = learnPatterns([
      { email: 'jsmith@acme.test', name: 'John Smith' },
      { email: 'akhan@acme.test', name: 'Aisha Khan' },
      { email: 'info@acme.test', name: 'Front Desk' },
    ]);
    expect([...learned]).toEqual([['flast', 2]]);
    const candidates = candidateAddresses('Zoë Brown', 'acme.test', learned);
    expect(candidates[0]).toEqual({ email: 'zbrown@acme.test', pattern: 'flast', learned: true, prior: 95 });
    expect(candidates[1]).toMatchObject({
      email: 'zoe.brown@acme.test',
      pattern: 'first.last',
      learned: false,
    });
    expect(candidates[1]!.prior).toBeLessThan(candidates[0]!.prior);
    expect(new Set(candidates.map((c) => c.email)).size).toBe(candidates.length);
  });

  it('without a known pattern, first.last leads; a one-word name gives only first', () => {
    expect(candidateAddresses('Jane Doe', 'acme.test', new Map())[0]!.email).toBe('jane.doe@acme.test');
    expect(candidateAddresses('Cher', 'acme.test', new Map()).map((c) => c.email)).toEqual([
      'cher@acme.test',
    ]);
  });

  it('weighs a candidate’s prior by its verdict', () => {
    const at = '2026-11-29T10:00:00.000Z';
    const v = (verdict: 'deliverable' | 'undeliverable' | 'risky' | 'unknown') =>
      ({ verdict, source: 'hunter', detail: '', checkedAt: at }) as const;
    expect(candidateConfidence(35, v('deliverable'))).toBe(94);
    expect(candidateConfidence(35, v('undeliverable'))).toBe(0);
    expect(candidateConfidence(35, v('risky'))).toBe(25);
    expect(candidateConfidence(35, null)).toBe(18);
  });
});
