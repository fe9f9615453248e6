import { describe, expect, it } from 'vitest';
import {
  aiCampaignFormSchema,
  campaignMessages as m,
  canChangeStatus,
  checkCompetitorAdd,
  createCampaignSchema,
  manualCampaignFormSchema,
  updateCampaignSchema,
} from './campaigns';
import { PUBLIC_WEBSITE_MESSAGE } from '../public-host';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('campaign forms', () => {
  it('AI form: required name and URL, prospects 5–1000, competitors with empties dropped', () => {
    const ok = aiCampaignFormSchema.parse({
      name: ' Launch ',
      websiteUrl: 'example.com',
      prospects: 5,
      competitors: ['', 'rival.com', '  '],
      emailAccountId: '',
    });
    expect(ok).toEqual({
      name: 'Launch',
      websiteUrl: 'https://example.com',
      prospects: 5,
      competitors: ['https://rival.com'],
      emailAccountId: null,
      // No client picked: the campaign is the agency's own (decision 034).
      clientId: null,
    });
    const bad = (input: object) =>
      messagesOf(
        aiCampaignFormSchema.safeParse({
          name: 'n',
          websiteUrl: 'a.com',
          prospects: 10,
          competitors: [],
          ...input,
        }),
      );
    expect(bad({ name: ' ' })).toEqual([m.nameRequired]);
    expect(bad({ websiteUrl: '' })).toEqual([m.websiteRequired]);
    expect(bad({ websiteUrl: 'nope' })).toEqual([m.invalidUrl]);
    expect(bad({ prospects: Number.NaN })).toEqual([m.prospectsRequired]);
    expect(bad({ prospects: 4 })).toEqual([m.prospectsMin]);
    expect(bad({ prospects: 1001 })).toEqual([m.prospectsMax]);
    expect(bad({ competitors: ['a1.com', 'a2.com', 'a3.com', 'a4.com', 'a5.com', 'a6.com'] })).toEqual([
      m.tooManyCompetitors,
    ]);
    expect(bad({ competitors: ['rival.com', 'www.rival.com'] })).toEqual([m.duplicateCompetitor]);
  });

  it('manual form needs at least one prospect and valid emails', () => {
    const base = { name: 'n', websiteUrl: 'a.com', competitors: [] };
    expect(messagesOf(manualCampaignFormSchema.safeParse({ ...base, prospects: [] }))).toEqual([
      m.noProspects,
    ]);
    expect(
      manualCampaignFormSchema.safeParse({ ...base, prospects: [{ website: 'x.com', contactEmail: 'bad' }] })
        .success,
    ).toBe(false);
    const parsed = createCampaignSchema.parse({
      ...base,
      type: 'manual',
      prospects: [{ website: 'x.com', contactEmail: '' }],
    });
    expect(parsed.type === 'manual' && parsed.prospects[0]).toEqual({
      website: 'x.com',
      contactEmail: null,
      contactName: null,
      notes: null,
    });
  });

  it('competitor add: valid URL, no duplicate, at most 5', () => {
    expect(checkCompetitorAdd([], 'rival.com')).toEqual({ ok: true, url: 'https://rival.com' });
    expect(checkCompetitorAdd([], 'not a site')).toEqual({ ok: false, message: m.invalidCompetitor });
    expect(checkCompetitorAdd(['https://rival.com'], 'http://www.rival.com')).toEqual({
      ok: false,
      message: m.duplicateCompetitor,
    });
    expect(checkCompetitorAdd(['a.com', 'b.com', 'c.com', 'd.com', 'e.com'], 'f.com')).toEqual({
      ok: false,
      message: m.tooManyCompetitors,
    });
  });

  it('refuses this machine and private networks as campaign and competitor sites', () => {
    const form = (websiteUrl: string, competitors: string[] = []) =>
      messagesOf(
        manualCampaignFormSchema.safeParse({
          name: 'n',
          websiteUrl,
          competitors,
          prospects: [{ website: 'blog.example' }],
        }),
      );
    for (const site of ['localhost:3000', 'shop.localhost', 'nas.local', '192.168.0.2', '10.0.0.1', '[::1]'])
      expect(form(site)).toEqual([PUBLIC_WEBSITE_MESSAGE]);
    expect(form('mine.example', ['rival.example', 'http://127.0.0.1/', '[fe80::1]'])).toEqual([
      PUBLIC_WEBSITE_MESSAGE,
      PUBLIC_WEBSITE_MESSAGE,
    ]);
    expect(form('https://mine.example', ['8.8.8.8'])).toEqual([]);
    expect(checkCompetitorAdd([], '172.20.1.1')).toEqual({ ok: false, message: PUBLIC_WEBSITE_MESSAGE });
    expect(updateCampaignSchema.safeParse({ competitors: ['169.254.169.254'] }).error?.issues).toEqual([
      expect.objectContaining({ message: PUBLIC_WEBSITE_MESSAGE, path: ['competitors', 0] }),
    ]);
  });

  it('status moves: draft → active → paused ↔ active → completed, nothing after completed', () => {
    expect(canChangeStatus('draft', 'active')).toBe(true);
    expect(canChangeStatus('draft', 'paused')).toBe(false);
    expect(canChangeStatus('paused', 'active')).toBe(true);
    expect(canChangeStatus('active', 'completed')).toBe(true);
    expect(canChangeStatus('completed', 'active')).toBe(false);
  });
});
