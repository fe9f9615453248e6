import { z } from 'zod';

/**
 * Mailbox health, sender-domain and prospect-address checks as the API shows them
 * (docs/decisions/014-mailbox-health.md, 015-sender-domain-and-address-checks.md). Rates are
 * percentages, 0–100.
 */

/** Defaults of the thresholds above which a mailbox is paused (%, over its recent sends). */
export const HEALTH_DEFAULTS = { maxHardBouncePct: 5, maxPolicyBlockPct: 3, maxUnsubscribePct: 2 } as const;
/** A mailbox is judged on at most its last 200 sends within the last 7 days. */
export const HEALTH_WINDOW = { sends: 200, days: 7 } as const;

/** Counts and rates of one mailbox over its health window. */
export const mailboxHealthSchema = z.object({
  sent: z.number().int(),
  hardBounces: z.number().int(),
  softBounces: z.number().int(),
  policyBlocks: z.number().int(),
  unsubscribes: z.number().int(),
  replies: z.number().int(),
  /** Each count as a percentage of `sent` (0 when nothing was sent). */
  hardBouncePct: z.number(),
  softBouncePct: z.number(),
  policyBlockPct: z.number(),
  unsubscribePct: z.number(),
  replyPct: z.number(),
});
export type MailboxHealth = z.infer<typeof mailboxHealthSchema>;

/**
 * One DNS record check of the sender domain: what was found and what to fix. 'unknown' = DNS did
 * not answer (timeout, SERVFAIL): could not check, which is not a fail.
 */
export const dnsRecordCheckSchema = z.object({
  status: z.enum(['pass', 'warn', 'fail', 'unknown']),
  /** The record(s) found, as published. */
  records: z.array(z.string()),
  /** What is wrong and how to fix it; null when it passes. */
  advice: z.string().nullable(),
});
export type DnsRecordCheck = z.infer<typeof dnsRecordCheckSchema>;

/** SPF, DKIM and DMARC of a mailbox's domain (Gmail and Yahoo refuse bulk mail without them). */
export const domainCheckSchema = z.object({
  domain: z.string(),
  spf: dnsRecordCheckSchema,
  /** DKIM, with the selectors that had a key. */
  dkim: dnsRecordCheckSchema.extend({ selectors: z.array(z.string()) }),
  dmarc: dnsRecordCheckSchema,
  checkedAt: z.string(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

/** Flags of a prospect address checked before enrollment. */
export const emailCheckFlags = ['syntax', 'no-domain', 'no-mail', 'null-mx', 'disposable', 'role'] as const;

/**
 * A prospect address's check: `deliverable` false means it is not enrolled (bad syntax, a domain
 * that does not exist or accepts no mail); 'disposable' and 'role' only warn.
 */
export const emailCheckSchema = z.object({
  deliverable: z.boolean(),
  flags: z.array(z.enum(emailCheckFlags)),
  /** Why it cannot be mailed, in the user's words; null when deliverable. */
  reason: z.string().nullable(),
  checkedAt: z.string(),
});
export type EmailCheck = z.infer<typeof emailCheckSchema>;
