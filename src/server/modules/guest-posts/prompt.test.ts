import { describe, expect, it } from 'vitest';
import type { GuestPostRequest } from '../../../shared/schemas/guest-posts';
import { guestPostPrompt, siteFactsFrom } from './prompt';

const request: GuestPostRequest = {
  campaignId: '7b0c1f5e-2d4f-4c8e-9a51-3f1d2b6c7a80',
  yourWebsite: 'https://mysite.com',
  targetWebsite: 'https://gardenblog.org',
  topic: 'Composting in small flats',
  wordCount: 1500,
  internalLinks: ['https://mysite.com/compost-bins', 'https://mysite.com/worms'],
};

const pages = [
  {
    url: 'https://gardenblog.org/',
    title: 'Garden Blog',
    description: 'Urban gardening for beginners',
    headings: ['Latest posts', 'Balcony tomatoes'],
  },
  {
    url: 'https://gardenblog.org/herbs',
    title: 'Growing herbs indoors',
    description: '',
    headings: ['Basil'],
  },
  { url: 'https://gardenblog.org/x', title: 'Balcony tomatoes', description: '', headings: [] },
];

describe('guest post prompt', () => {
  it('asks for the word count, the target and author sites and the topic', () => {
    const { prompt, system, maxOutputTokens } = guestPostPrompt(request, null);
    expect(prompt).toContain('about 1500 words');
    expect(prompt).toContain('for the website https://gardenblog.org');
    expect(prompt).toContain('on behalf of https://mysite.com');
    expect(prompt).toContain('Topic: Composting in small flats');
    expect(system).toContain("'# Title'");
    expect(system).toContain('[anchor text](https://url)');
    expect(maxOutputTokens).toBeGreaterThan(1500);
  });

  it('lets the model choose the topic when none is given', () => {
    const { prompt } = guestPostPrompt({ ...request, topic: '' }, null);
    expect(prompt).toContain('Topic: choose one that fits');
    expect(prompt).not.toContain('Topic: Composting');
  });

  it('lists every internal link to be used exactly once with natural anchor text', () => {
    const { prompt } = guestPostPrompt(request, null);
    expect(prompt).toContain('exactly once');
    expect(prompt).toContain('natural descriptive anchor text');
    expect(prompt).toContain('- https://mysite.com/compost-bins\n- https://mysite.com/worms');
  });

  it('without internal links allows one link to the author site', () => {
    const { prompt } = guestPostPrompt({ ...request, internalLinks: [] }, null);
    expect(prompt).toContain('You may link to https://mysite.com once');
    expect(prompt).not.toContain('exactly once');
  });

  it("carries the target site's title, description and topics from its crawled pages", () => {
    const facts = siteFactsFrom(pages);
    expect(facts).toEqual({
      title: 'Garden Blog',
      description: 'Urban gardening for beginners',
      topics: ['Growing herbs indoors', 'Balcony tomatoes', 'Latest posts', 'Basil'],
    });
    const { prompt } = guestPostPrompt(request, facts);
    expect(prompt).toContain('- Name/title: Garden Blog');
    expect(prompt).toContain('- Description: Urban gardening for beginners');
    expect(prompt).toContain(
      '- Topics it covers: Growing herbs indoors; Balcony tomatoes; Latest posts; Basil',
    );
  });

  it('has no site facts without crawled pages, and says nothing about the site then', () => {
    expect(siteFactsFrom([])).toBeNull();
    expect(guestPostPrompt(request, null).prompt).not.toContain('About the target website');
  });
});
