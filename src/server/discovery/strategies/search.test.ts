import { describe, expect, it } from 'vitest';
import { buildSearchQueries } from './search';

describe('buildSearchQueries', () => {
  const sites = {
    ownDomain: 'thepythonguru.com',
    competitors: ['rubylearning.com', 'real-python.com'],
    language: 'en',
  };

  it('keeps the campaign site and the competitors out of footprint results', () => {
    const queries = buildSearchQueries(['python'], sites).map((q) => q.query);
    expect(queries).toContain(
      '"write for us" python -site:thepythonguru.com -site:rubylearning.com -site:real-python.com',
    );
    expect(queries).toContain('"rubylearning.com" -site:rubylearning.com');
  });

  it('searches the top keyword, alone and with the second, for sites in the topic', () => {
    const topical = buildSearchQueries(['thepythonguru', 'python', 'tutorials', 'regex'], sites)
      .filter((q) => 'topical' in q.verify)
      .map((q) => q.query);
    expect(topical).toEqual([
      'python -site:thepythonguru.com -site:rubylearning.com -site:real-python.com',
      'python tutorials -site:thepythonguru.com -site:rubylearning.com -site:real-python.com',
    ]);
  });

  it("skips keywords that are a site's name: they find only that site", () => {
    const keywords = ['thepythonguru', 'python', 'rubylearning', 'tutorials', 'regex'];
    const footprintKeywords = buildSearchQueries(keywords, sites)
      .filter((q) => 'footprint' in q.verify)
      .map((q) => /(\S+) -site:/.exec(q.query)?.[1]);
    expect([...new Set(footprintKeywords)]).toEqual(['python', 'tutorials', 'regex']);
  });

  it('adds German footprints for a German site', () => {
    const queries = buildSearchQueries(['fahrrad'], { ...sites, language: 'de' }).map((q) => q.query);
    expect(queries.some((q) => q.startsWith('"Gastbeitrag" fahrrad -site:thepythonguru.com'))).toBe(true);
  });
});
