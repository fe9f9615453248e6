import { errorFunction } from 'simple-statistics';

/**
 * The statistics of the campaign's per-variant table (docs/product.md#variant-statistics):
 * 95 % Wilson score intervals, the two-proportion z-test and the sample size it would take.
 */

/**
 * Φ⁻¹(p), the standard normal quantile, 0 < p < 1, by P. J. Acklam's rational approximation
 * (relative error < 1.15e-9; https://web.archive.org/web/20151030215612/http://home.online.no/~pjacklam/notes/invnorm/).
 * simple-statistics' `probit` reads a coarse table (it gives 1.9572 for 0.975), too rough for a test's critical value.
 */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < low) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - low) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** z of a two-sided 95 % interval, Φ⁻¹(0.975) ≈ 1.959964. */
export const Z95 = normalQuantile(0.975);

/** Φ(z), the standard normal CDF, as ½(1 + erf(z/√2)) (simple-statistics' error function, |ε| < 1.2e-7). */
export const normalCdf = (z: number) => 0.5 * (1 + errorFunction(z / Math.SQRT2));

/**
 * The Wilson score interval of a proportion `successes / n` (E. B. Wilson, "Probable inference, the
 * law of succession, and statistical inference", JASA 22, 1927; formula as in R. G. Newcombe,
 * "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17, 1998,
 * method 3): (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n). Both bounds in 0–1; [0, 0] when n = 0.
 */
export function wilsonInterval(successes: number, n: number, z = Z95): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 0 };
  const p = successes / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return {
    low: Math.max(0, (centre - spread) / denominator),
    high: Math.min(1, (centre + spread) / denominator),
  };
}

/**
 * The pooled two-proportion z-test of x1/n1 against x2/n2 (e.g. D. S. Moore, G. P. McCabe,
 * B. A. Craig, "Introduction to the Practice of Statistics", §8.2, "significance test for comparing
 * two proportions"): p̂ = (x1+x2)/(n1+n2), z = (p1−p2)/√(p̂(1−p̂)(1/n1+1/n2)), two-sided p = 2(1−Φ(|z|)).
 * Null when either group is empty or nobody/everybody succeeded (no variance to test).
 */
export function twoProportionZTest(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
): { z: number; pValue: number } | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return null;
  const z = (x1 / n1 - x2 / n2) / se;
  return { z, pValue: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}

/**
 * Sends per variant needed to tell p1 from p2 with a two-sided test at `alpha` with `power`
 * (J. L. Fleiss, B. Levin, M. C. Paik, "Statistical Methods for Rates and Proportions", 3rd ed.,
 * 2003, eq. 4.14 without the continuity correction):
 * n = (z₁₋α/₂·√(2p̄(1−p̄)) + z₁₋β·√(p1(1−p1)+p2(1−p2)))² / (p1−p2)², p̄ = (p1+p2)/2, rounded up.
 * Null when p1 = p2 (no sample size finds a difference that is not there).
 */
export function sampleSizePerVariant(p1: number, p2: number, alpha = 0.05, power = 0.8): number | null {
  if (p1 === p2) return null;
  const za = normalQuantile(1 - alpha / 2);
  const zb = normalQuantile(power);
  const mean = (p1 + p2) / 2;
  const root = za * Math.sqrt(2 * mean * (1 - mean)) + zb * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((root * root) / ((p1 - p2) * (p1 - p2)));
}

/** What the table says about two variants' reply rates. */
export interface VariantComparison {
  z: number | null;
  pValue: number | null;
  significant: boolean;
  /** Sends each variant would need at the rates seen so far (α 0.05, power 0.8); null when the rates are equal. */
  neededPerVariant: number | null;
  /** How many more sends each would need beyond the smaller group's; 0 once significant. */
  moreSendsPerVariant: number | null;
}

/**
 * Compares two variants' replies (x of n sent each) at α = 0.05: the z-test, and when the
 * difference is not yet significant how many sends per variant the rates seen so far would need.
 */
export function compareVariants(x1: number, n1: number, x2: number, n2: number): VariantComparison {
  const test = twoProportionZTest(x1, n1, x2, n2);
  const significant = test !== null && test.pValue < 0.05;
  const needed = n1 > 0 && n2 > 0 ? sampleSizePerVariant(x1 / n1, x2 / n2) : null;
  return {
    z: test?.z ?? null,
    pValue: test?.pValue ?? null,
    significant,
    neededPerVariant: needed,
    moreSendsPerVariant: significant ? 0 : needed === null ? null : Math.max(0, needed - Math.min(n1, n2)),
  };
}
