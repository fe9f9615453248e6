import { describe, expect, it } from 'vitest';
import { checkInternalLinks, isNaturalAnchor, markupToPlainText, postTitle } from './guest-post-text';

const post = [
  '# Composting in **small** flats',
  '',
  'Start with [a compact bin](https://www.mysite.com/compost-bins/) and read',
  'about [https://mysite.com/worms](https://mysite.com/worms).',
  '',
  '## Why it works',
  '',
  '- **Less waste**: see [our bins](https://mysite.com/compost-bins) again',
  '1. Step one',
].join('\n');

describe('guest post text', () => {
  it('counts each internal link ignoring scheme, www and trailing slash, with its first anchor', () => {
    expect(
      checkInternalLinks(post, [
        'https://mysite.com/compost-bins',
        'https://mysite.com/worms',
        'https://mysite.com/missing',
      ]),
    ).toEqual([
      { url: 'https://mysite.com/compost-bins', count: 2, anchorText: 'a compact bin' },
      { url: 'https://mysite.com/worms', count: 1, anchorText: 'https://mysite.com/worms' },
      { url: 'https://mysite.com/missing', count: 0, anchorText: null },
    ]);
  });

  it('tells natural anchors from bare URLs and generic words', () => {
    expect(isNaturalAnchor('a compact bin')).toBe(true);
    expect(isNaturalAnchor('https://mysite.com/worms')).toBe(false);
    expect(isNaturalAnchor('Click here')).toBe(false);
  });

  it('reads the title from the first # heading', () => {
    expect(postTitle(post)).toBe('Composting in small flats');
    expect(postTitle('No heading here')).toBe('');
  });

  it('makes a plain-text copy: no heading marks or stars, links as anchor (url)', () => {
    const text = markupToPlainText(post);
    expect(text.split('\n')[0]).toBe('Composting in small flats');
    expect(text).toContain('Start with a compact bin (https://www.mysite.com/compost-bins/) and read');
    expect(text).toContain('Why it works');
    expect(text).toContain('- Less waste: see our bins (https://mysite.com/compost-bins) again');
    expect(text).toContain('1. Step one');
    expect(text).not.toMatch(/[#*]/);
  });
});
