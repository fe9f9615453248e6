import { describe, expect, it } from 'vitest';
import {
  compareVariants,
  normalCdf,
  normalQuantile,
  sampleSizePerVariant,
  twoProportionZTest,
  wilsonInterval,
  Z95,
} from './variant-stats';

describe('Wilson score interval', () => {
  // R. G. Newcombe, Statistics in Medicine 17 (1998) 857–872, Table II, method 3 (score, no
  // continuity correction): 81/263 → 0.2553–0.3662, 15/148 → 0.0624–0.1605, 0/20 → 0–0.1611, 1/29 → 0.0061–0.1718.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i → %f–%f', (x, n, low, high) => {
    const ci = wilsonInterval(x, n);
    expect(ci.low).toBeCloseTo(low, 4);
    expect(ci.high).toBeCloseTo(high, 4);
  });

  it('is [0, 0] without sends and stays within 0–1', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 0 });
    expect(wilsonInterval(20, 20).high).toBe(1);
  });
});

describe('two-proportion z-test', () => {
  it('uses the 95 % z and an accurate normal CDF', () => {
    expect(Z95).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 5);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 5);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
  });

  it('matches a hand-computed value: 45/100 against 30/100', () => {
    // p̂ = 75/200 = 0.375; SE = √(0.375·0.625·(1/100+1/100)) = 0.0684653; z = 0.15/0.0684653 = 2.19089;
    // two-sided p = 2(1 − Φ(2.19089)) = 0.02846.
    const test = twoProportionZTest(45, 100, 30, 100)!;
    expect(test.z).toBeCloseTo(2.19089, 4);
    expect(test.pValue).toBeCloseTo(0.02846, 4);
  });

  it('has no answer for an empty group or a proportion with no variance', () => {
    expect(twoProportionZTest(1, 0, 1, 10)).toBeNull();
    expect(twoProportionZTest(0, 10, 0, 10)).toBeNull();
  });
});

describe('sample size for two proportions', () => {
  it('matches the textbook 10 % against 15 % at α 0.05 and power 0.8: 686 per group', () => {
    // (1.959964·√(2·0.125·0.875) + 0.841621·√(0.09+0.1275))² / 0.05² = 685.6 → 686.
    expect(sampleSizePerVariant(0.1, 0.15)).toBe(686);
    expect(sampleSizePerVariant(0.15, 0.1)).toBe(686);
    expect(sampleSizePerVariant(0.2, 0.2)).toBeNull();
  });

  it('says a small difference is not yet significant and how many more sends it would take', () => {
    const c = compareVariants(10, 100, 15, 100);
    expect(c.significant).toBe(false);
    expect(c.neededPerVariant).toBe(686);
    expect(c.moreSendsPerVariant).toBe(586);
    const clear = compareVariants(45, 100, 30, 100);
    expect(clear.significant).toBe(true);
    expect(clear.moreSendsPerVariant).toBe(0);
  });
});
