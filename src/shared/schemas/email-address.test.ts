import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseProspectsCsv } from '../csv/prospects-csv';
import { messages } from '../messages';
import { emailField } from './auth';
import { prospectInputSchema } from './campaigns';
import { nonAsciiEmailMessages } from './email-address';
import { createInvitationSchema } from './invitations';
import { connectMailboxSchema } from './mailboxes';

/** The messages a schema refuses `value` with. */
const refusals = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

/** Every schema that takes an address, each refusing `address` (or not) on its own. */
const addressSchemas: [string, (address: string) => string[]][] = [
  ['sign-in and sign-up', (address) => refusals(emailField, address)],
  ['invitations', (address) => refusals(createInvitationSchema.shape.email, address)],
  [
    'prospects',
    (address) => refusals(prospectInputSchema, { website: 'example.org', contactEmail: address }),
  ],
  ['mailboxes', (address) => refusals(connectMailboxSchema.shape.email, address)],
];

describe('email addresses (docs/product.md#validation)', () => {
  it.each(addressSchemas)('%s: say why an address with non-ASCII characters is refused', (_name, check) => {
    expect(check('zoë@unicode.test')).toEqual([nonAsciiEmailMessages.localPart]);
    expect(check('zoe@ünicode.test')).toEqual([nonAsciiEmailMessages.domain]);
    // Its ASCII (IDNA) form is taken; a malformed address still reads "Invalid email address".
    expect(check('zoe@xn--nicode-2ya.test')).toEqual([]);
    expect(check('zoë')).toEqual([messages.auth.invalidEmail]);
    expect(check('zoe@@unicode.test')).toEqual([messages.auth.invalidEmail]);
  });

  it('says why in the CSV import’s row errors', () => {
    const result = parseProspectsCsv(
      'website,email\nexample.org,zoë@unicode.test\nexample.net,zoe@example.net\n',
    );
    expect(result).toMatchObject({
      ok: true,
      valid: [{ row: 3 }],
      invalid: [{ row: 2, message: nonAsciiEmailMessages.localPart }],
    });
  });
});
