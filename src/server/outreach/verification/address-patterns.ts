import type { AddressPattern, EmailVerification } from '../../../shared/schemas/email-verification';

/**
 * Candidate addresses of a person at a domain (docs/decisions/047-address-verification.md): the
 * domain's own pattern, learned from the addresses with names found on it, first; then the common
 * patterns of company addresses, most frequent first.
 */

/** How often each pattern is a company's (%, a prior): first.last leads, then first, flast, … */
const COMMON_PATTERNS: readonly [AddressPattern, number][] = [
  ['first.last', 35],
  ['first', 20],
  ['flast', 15],
  ['firstlast', 10],
  ['f.last', 6],
  ['first_last', 4],
  ['firstl', 3],
  ['last', 3],
  ['last.first', 2],
];

/** A name part as it appears in addresses: lower case ASCII letters and digits, accents dropped ("Zoë" → "zoe"). */
export function addressNamePart(part: string): string {
  return part
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A full name as first and last name (first and last word; "Mary Ann van Dyke" → mary, dyke); null without a first name. */
export function splitName(fullName: string): { first: string; last: string } | null {
  const words = fullName.split(/\s+/).map(addressNamePart).filter(Boolean);
  if (words.length === 0) return null;
  return { first: words[0]!, last: words.length > 1 ? words.at(-1)! : '' };
}

/** The local part `pattern` makes of a name; null when the pattern needs a last name it lacks. */
export function localPartOf(pattern: AddressPattern, name: { first: string; last: string }): string | null {
  const { first, last } = name;
  if (!last && pattern !== 'first') return null;
  switch (pattern) {
    case 'first.last':
      return `${first}.${last}`;
    case 'firstlast':
      return `${first}${last}`;
    case 'flast':
      return `${first[0]}${last}`;
    case 'first':
      return first;
    case 'first_last':
      return `${first}_${last}`;
    case 'firstl':
      return `${first}${last[0]}`;
    case 'f.last':
      return `${first[0]}.${last}`;
    case 'last':
      return last;
    case 'last.first':
      return `${last}.${first}`;
  }
}

/** The pattern an address of a named person follows, or null when none does. */
export function patternOfAddress(email: string, fullName: string): AddressPattern | null {
  const name = splitName(fullName);
  if (!name) return null;
  const local = email.slice(0, email.lastIndexOf('@')).toLowerCase();
  return COMMON_PATTERNS.find(([pattern]) => localPartOf(pattern, name) === local)?.[0] ?? null;
}

/** Counts the patterns of addresses found on a domain with their person's name. */
export function learnPatterns(
  known: readonly { email: string; name: string }[],
): Map<AddressPattern, number> {
  const counts = new Map<AddressPattern, number>();
  for (const { email, name } of known) {
    const pattern = patternOfAddress(email, name);
    if (pattern) counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
  }
  return counts;
}

/** A candidate before its verification: the address, its pattern and its prior likelihood (0–100 %). */
export interface PatternCandidate {
  email: string;
  pattern: AddressPattern;
  learned: boolean;
  prior: number;
}

/**
 * The candidate addresses of `fullName` at `domain`, most likely first: patterns learned on the
 * domain (prior 60–95 %, by their share of the known addresses), then the common ones (their prior
 * share, scaled down when the domain's pattern is known). Each address once.
 */
export function candidateAddresses(
  fullName: string,
  domain: string,
  learned: ReadonlyMap<AddressPattern, number>,
): PatternCandidate[] {
  const name = splitName(fullName);
  if (!name) return [];
  const total = [...learned.values()].reduce((a, b) => a + b, 0);
  const learnedPart = [...learned]
    .sort((a, b) => b[1] - a[1])
    .map(([pattern, n]) => ({ pattern, learned: true, prior: Math.round(60 + (35 * n) / total) }));
  const commonPart = COMMON_PATTERNS.filter(([p]) => !learned.has(p)).map(([pattern, share]) => ({
    pattern,
    learned: false,
    prior: total > 0 ? Math.round(share / 3) : share,
  }));
  const seen = new Set<string>();
  const candidates: PatternCandidate[] = [];
  for (const c of [...learnedPart, ...commonPart]) {
    const local = localPartOf(c.pattern, name);
    if (!local) continue;
    const email = `${local}@${domain}`;
    if (seen.has(email)) continue;
    seen.add(email);
    candidates.push({ email, ...c });
  }
  return candidates;
}

/**
 * How likely a candidate is the person's address (0–100 %), its pattern's prior weighed by its
 * verification: deliverable 90 or more; a catch-all domain (risky) proves nothing, so 70 % of the
 * prior; unknown or not verified half of it; undeliverable 0.
 */
export function candidateConfidence(prior: number, verification: EmailVerification | null): number {
  switch (verification?.verdict) {
    case 'deliverable':
      return Math.min(99, 90 + Math.round(prior / 10));
    case 'undeliverable':
      return 0;
    case 'risky':
      return Math.round(prior * 0.7);
    default:
      return Math.round(prior * 0.5);
  }
}
