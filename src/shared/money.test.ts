import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMoney, isCurrencyCode, minorDigits, minorToDecimal } from './money';

describe('money', () => {
  it('knows ISO 4217 codes and their minor units', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('JPY')).toBe(true);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(isCurrencyCode('eur')).toBe(false);
    expect([minorDigits('EUR'), minorDigits('JPY'), minorDigits('BHD')]).toEqual([2, 0, 3]);
  });

  it('formats minor units per currency', () => {
    expect(formatMoney(125000, 'EUR', 'en-US')).toBe('€1,250.00');
    expect(formatMoney(3000, 'JPY', 'en-US')).toBe('¥3,000');
    expect(formatMoney(1234, 'BHD', 'en-US')).toMatch(/^BHD\s1\.234$/);
  });

  it('converts decimals and minor units both ways without floats', () => {
    expect(decimalToMinor('1250', 'EUR')).toBe(125000);
    expect(decimalToMinor('1,250.5', 'EUR')).toBe(125050);
    expect(decimalToMinor('0.29', 'USD')).toBe(29);
    expect(decimalToMinor('3000', 'JPY')).toBe(3000);
    expect(decimalToMinor('30.5', 'JPY')).toBeNull();
    expect(decimalToMinor('1.234', 'EUR')).toBeNull();
    expect(decimalToMinor('-5', 'EUR')).toBeNull();
    expect(decimalToMinor('abc', 'EUR')).toBeNull();
    expect(minorToDecimal(125050, 'EUR')).toBe('1250.50');
    expect(minorToDecimal(5, 'EUR')).toBe('0.05');
    expect(minorToDecimal(3000, 'JPY')).toBe('3000');
  });
});
