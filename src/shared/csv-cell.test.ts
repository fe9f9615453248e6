import { describe, expect, it } from 'vitest';
import { readCsvCell, safeCsvCell } from './csv-cell';

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

describe('readCsvCell', () => {
  it.each(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', "'quoted'", "it's", 'plain'])(
    'reads back what safeCsvCell wrote for %j',
    (value) => {
      expect(readCsvCell(safeCsvCell(value))).toBe(value);
    },
  );
});
