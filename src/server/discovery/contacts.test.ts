import { describe, expect, it } from 'vitest';
import { rankEmails, scoreEmail, type FoundEmail } from './contacts';

const found = (email: string, pageKind: FoundEmail['pageKind'] = 'other'): FoundEmail => ({
  email,
  pageKind,
  pageUrl: 'https://b.com/',
});

describe('choosing the contact address', () => {
  it('prefers the site’s own domain over a free-mail or agency address', () => {
    const ranked = rankEmails([found('editor@gmail.com'), found('info@bikeblog.com')], 'bikeblog.com', []);
    expect(ranked.map((e) => e.email)).toEqual(['info@bikeblog.com', 'editor@gmail.com']);
  });

  it('prefers editorial and personal addresses over general, support and no-reply ones', () => {
    const ranked = rankEmails(
      [
        found('noreply@bikeblog.com'),
        found('support@bikeblog.com'),
        found('info@bikeblog.com'),
        found('jane.doe@bikeblog.com'),
        found('editor@bikeblog.com'),
      ],
      'bikeblog.com',
      [],
    );
    expect(ranked.map((e) => e.email)).toEqual([
      'editor@bikeblog.com',
      'jane.doe@bikeblog.com',
      'info@bikeblog.com',
      'support@bikeblog.com',
    ]);
  });

  it('counts subdomains as the site’s own and the page’s contact name as personal', () => {
    expect(scoreEmail(found('jana@radwelt.de'), 'blog.radwelt.de', ['Jana Berg'])).toBe(135);
    expect(scoreEmail(found('kontakt@radwelt.de', 'contact'), 'radwelt.de', [])).toBe(130);
    expect(scoreEmail(found('no-reply@radwelt.de'), 'radwelt.de', [])).toBeNull();
  });
});
