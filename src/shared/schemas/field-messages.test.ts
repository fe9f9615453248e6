import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signUpSchema } from './auth';
import { aiCampaignFormSchema, campaignMessages } from './campaigns';
import { addGapProspectsSchema } from './competitor-gap';
import { contactInputSchema } from './contact';
import { fieldMessages } from './field-messages';
import { createLiveLinkSchema } from './live-links';
import { connectMailboxSchema } from './mailboxes';
import { sequenceInputSchema } from './sequences';
import { sendingSettingsSchema, settingsMessages } from './settings';

/** The messages a schema gives for `input`, each with its field path (as the API's issues name them). */
const issuesOf = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

const long = (n: number) => 'x'.repeat(n);

describe('field messages', () => {
  it('writes limits in words with thousands separators', () => {
    expect(fieldMessages.tooLong('Notes', 5000)).toBe('Notes must be at most 5,000 characters');
    expect(fieldMessages.wholeNumber('Port')).toBe('Port must be a whole number');
    expect(fieldMessages.tooMany('domains', 100)).toBe('Add at most 100 domains');
  });
});

describe('campaign forms name the real problem', () => {
  const ai = { name: 'n', websiteUrl: 'a.com', prospects: 10, competitors: [] };

  it('a 5,000-character name: at most 200 characters', () => {
    expect(issuesOf(aiCampaignFormSchema, { ...ai, name: long(5000) })).toEqual([
      { path: 'name', message: 'Campaign name must be at most 200 characters' },
    ]);
    expect(issuesOf(aiCampaignFormSchema, { ...ai, name: long(200) })).toEqual([]);
  });

  it('a fractional number of prospects: must be a whole number, the form’s own messages otherwise', () => {
    expect(issuesOf(aiCampaignFormSchema, { ...ai, prospects: 12.5 })).toEqual([
      { path: 'prospects', message: 'Number of prospects must be a whole number' },
    ]);
    expect(issuesOf(aiCampaignFormSchema, { ...ai, prospects: undefined })[0]?.message).toBe(
      campaignMessages.prospectsRequired,
    );
    expect(issuesOf(aiCampaignFormSchema, { ...ai, prospects: 4 })[0]?.message).toBe(
      campaignMessages.prospectsMin,
    );
  });
});

describe('other forms name the real problem', () => {
  it('sign-up: names and password too long', () => {
    const input = {
      email: 'a@b.co',
      password: 'lamplight-42',
      firstName: 'A',
      lastName: 'B',
      companyName: 'C',
    };
    expect(issuesOf(signUpSchema, { ...input, firstName: long(101) })).toEqual([
      { path: 'firstName', message: 'First name must be at most 100 characters' },
    ]);
    expect(issuesOf(signUpSchema, { ...input, password: long(129) })).toEqual([
      { path: 'password', message: 'Password must be at most 128 characters' },
    ]);
  });

  it('sequence: name, subject and content too long', () => {
    const step = { subject: 's', content: 'c', delayHours: null };
    expect(issuesOf(sequenceInputSchema, { name: long(201), steps: [step] })[0]?.message).toBe(
      'Sequence name must be at most 200 characters',
    );
    expect(issuesOf(sequenceInputSchema, { name: 'n', steps: [{ ...step, subject: long(301) }] })).toEqual([
      { path: 'steps.0.subject', message: 'Subject must be at most 300 characters' },
    ]);
  });

  it('live link anchor, contact subject, mailbox port and host, gap domains, sending days', () => {
    const link = {
      campaignId: '00000000-0000-4000-8000-000000000000',
      url: 'a.com/x',
      anchorText: long(501),
      pageUrl: 'b.com/y',
    };
    expect(issuesOf(createLiveLinkSchema, link)[0]?.message).toBe(
      'Anchor text must be at most 500 characters',
    );
    const contact = { name: 'n', email: 'a@b.co', subject: long(201), message: 'm' };
    expect(issuesOf(contactInputSchema, contact)[0]?.message).toBe('Subject must be at most 200 characters');
    const mailbox = {
      email: 'a@b.co',
      smtpHost: 'smtp.b.co',
      smtpPort: 587.5,
      smtpSecurity: 'starttls',
      imapHost: `${long(250)}.com`,
      imapPort: 993,
      imapSecurity: 'tls',
      username: 'a',
      password: 'p',
    };
    expect(issuesOf(connectMailboxSchema, mailbox)).toEqual([
      { path: 'smtpPort', message: 'Port must be a whole number' },
      { path: 'imapHost', message: 'Host must be at most 253 characters' },
    ]);
    const domains = Array.from({ length: 101 }, (_, i) => `d${i}.com`);
    expect(issuesOf(addGapProspectsSchema, { domains })[0]?.message).toBe(
      'Add at most 100 domains at a time',
    );
    const settings = {
      postalAddress: '',
      timeZone: 'UTC',
      sendWindowDays: [1, 8],
      sendWindowStartHour: 0,
      sendWindowEndHour: 24,
    };
    expect(issuesOf(sendingSettingsSchema, settings)[0]?.message).toBe(settingsMessages.invalidDay);
  });
});
