import { describe, expect, it } from 'vitest';
import { safeCsvCell } from './csv-cell';

describe('safeCsvCell', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+1', `'+1`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tx', `'\tx`],
    ['plain', 'plain'],
    [42, '42'],
    [null, ''],
  ])('%j → %j', (input, expected) => {
    expect(safeCsvCell(input)).toBe(expected);
  });
});
