import { z } from 'zod';
import { domainCheckSchema } from './mail-health';
import { fieldMessages } from './field-messages';

/** The sender-domain check's endpoints (docs/decisions/015-sender-domain-and-address-checks.md). */
export const domainCheckPaths = {
  /** GET: the stored check; POST: check again now. */
  check: '/api/email-accounts/:id/domain-check',
  /** PUT: the mailbox's DKIM selectors. */
  selectors: '/api/email-accounts/:id/dkim-selectors',
} as const;

/** A DKIM selector: DNS labels (RFC 6376 §3.1), e.g. 'google' or 's1.2024'. */
const selectorPattern = /^[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*$/;

export const domainCheckMessages = {
  badSelector: 'Selectors are names such as google or selector1, separated by commas',
  tooManySelectors: 'At most 10 selectors',
  loadFailed: 'Failed to load the domain check',
  checkFailed: 'Failed to check the domain',
  saveFailed: 'Failed to save the selectors',
} as const;

/**
 * The selectors field as the form holds it — names separated by commas or spaces — and as the
 * PUT body carries it; parsed into a list of distinct lower-case selectors (empty: try the common ones).
 */
export const dkimSelectorsInputSchema = z.strictObject({
  selectors: z
    .string()
    .max(1000, fieldMessages.tooLong('Selectors', 1000))
    .transform((s) => [
      ...new Set(
        s
          .toLowerCase()
          .split(/[\s,]+/)
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string())
        .max(10, domainCheckMessages.tooManySelectors)
        // On the list, not each item, so the message lands on the one form field.
        .refine((list) => list.every((s) => selectorPattern.test(s)), domainCheckMessages.badSelector),
    ),
});
export type DkimSelectorsInput = z.input<typeof dkimSelectorsInputSchema>;

/** A mailbox's DKIM selectors and its last sender-domain check (null: never checked). */
export const mailboxDomainCheckSchema = z.object({
  selectors: z.array(z.string()),
  check: domainCheckSchema.nullable(),
});
export type MailboxDomainCheck = z.infer<typeof mailboxDomainCheckSchema>;
