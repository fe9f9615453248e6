import { describe, expect, it } from 'vitest';
import { guestPostMessages as m, guestPostRequestSchema, saveInternalLinksSchema } from './guest-posts';

const valid = {
  campaignId: '7b0c1f5e-2d4f-4c8e-9a51-3f1d2b6c7a80',
  yourWebsite: 'mysite.com',
  targetWebsite: 'https://gardenblog.org',
  topic: '',
  internalLinks: [''],
};

function issues(input: unknown) {
  const result = guestPostRequestSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('guest post form rules', () => {
  it('accepts the form with defaults: word count 1000, blank topic, empty link rows dropped', () => {
    expect(guestPostRequestSchema.parse(valid)).toEqual({
      campaignId: valid.campaignId,
      yourWebsite: 'https://mysite.com',
      targetWebsite: 'https://gardenblog.org',
      topic: '',
      wordCount: 1000,
      internalLinks: [],
    });
  });

  it('requires a campaign', () => {
    expect(issues({ ...valid, campaignId: '' })).toEqual([
      { path: 'campaignId', message: m.campaignRequired },
    ]);
  });

  it('requires both websites as URLs', () => {
    expect(issues({ ...valid, yourWebsite: '', targetWebsite: 'not a url' })).toEqual([
      { path: 'yourWebsite', message: m.yourWebsiteRequired },
      { path: 'targetWebsite', message: m.invalidUrl },
    ]);
  });

  it('takes only the word counts 800, 1000, 1500 and 2000', () => {
    for (const wordCount of [800, 1000, 1500, 2000]) {
      expect(guestPostRequestSchema.parse({ ...valid, wordCount }).wordCount).toBe(wordCount);
    }
    expect(issues({ ...valid, wordCount: 1200 })[0]?.path).toBe('wordCount');
  });

  it('allows at most 3 internal links after dropping empty rows, each a URL', () => {
    const links = ['mysite.com/a', '', 'mysite.com/b', ' ', 'mysite.com/c'];
    expect(guestPostRequestSchema.parse({ ...valid, internalLinks: links }).internalLinks).toEqual([
      'https://mysite.com/a',
      'https://mysite.com/b',
      'https://mysite.com/c',
    ]);
    expect(issues({ ...valid, internalLinks: [...links, 'mysite.com/d'] })).toEqual([
      { path: 'internalLinks', message: m.tooManyLinks },
    ]);
    expect(issues({ ...valid, internalLinks: ['ok.com/x', 'no url'] })).toEqual([
      { path: 'internalLinks.1', message: m.invalidUrl },
    ]);
  });

  it('saves links to a campaign with the same rules', () => {
    expect(saveInternalLinksSchema.parse({ internalLinks: ['', 'mysite.com/a'] })).toEqual({
      internalLinks: ['https://mysite.com/a'],
    });
  });
});
