import { describe, expect, it } from 'vitest';
import { contactPageKind, detectFootprint, footprintOfLink } from './footprints';

const page = (url: string, title = '', headings: string[] = []) => ({ url, title, headings });

describe('detectFootprint', () => {
  it.each([
    [page('https://b.com/write-for-us/'), 'write-for-us'],
    [page('https://b.com/x', 'Write for Us – Bike Blog'), 'write-for-us'],
    [page('https://b.com/x', 'Contribute', ['Become a contributor']), 'write-for-us'],
    [page('https://b.de/x', 'Für uns schreiben'), 'write-for-us'],
    [page('https://b.de/x', 'Gastautor werden'), 'write-for-us'],
    [page('https://b.com/2011/11/29/x', 'Call for writers: share your experiences'), 'write-for-us'],
    [page('https://b.com/x', 'Guest Post Guidelines'), 'guest-post'],
    [page('https://b.com/guest-posting'), 'guest-post'],
    [page('https://b.de/x', 'Gastbeiträge'), 'guest-post'],
    [page('https://b.de/gastbeitrag-einreichen'), 'guest-post'],
    [page('https://b.com/x', 'Submit your site'), 'contribute'],
    [page('https://b.de/x', 'Link eintragen'), 'contribute'],
    [page('https://b.com/resources/'), 'resources'],
    [page('https://b.com/x', 'Useful links for cyclists'), 'resources'],
    [page('https://b.de/x', 'Nützliche Links'), 'resources'],
    [page('https://b.de/linkliste.html'), 'resources'],
  ])('%o is %s', (input, kind) => {
    expect(detectFootprint(input)).toBe(kind);
  });

  it.each([
    page('https://b.com/2019/10/my-ride', 'My ride to the coast', ['Day one']),
    page('https://b.com/', 'Bike Blog – home'),
    page('https://b.de/impressum', 'Impressum'),
  ])('finds no footprint on %o', (input) => {
    expect(detectFootprint(input)).toBeNull();
  });

  it('reads links by anchor text and path', () => {
    expect(footprintOfLink({ url: 'https://b.com/p/123', text: 'Write for us' })).toBe('write-for-us');
    expect(footprintOfLink({ url: 'https://b.com/useful-links', text: 'More' })).toBe('resources');
    expect(footprintOfLink({ url: 'https://b.com/about', text: 'About' })).toBeNull();
  });
});

describe('contactPageKind', () => {
  it.each([
    [{ url: 'https://b.com/x', text: 'Contact us' }, 'contact'],
    [{ url: 'https://b.de/kontakt/', text: 'Schreiben Sie uns' }, 'contact'],
    [{ url: 'https://b.de/x', text: 'Impressum' }, 'imprint'],
    [{ url: 'https://b.de/imprint', text: 'Legal' }, 'imprint'],
    [{ url: 'https://b.com/about-us', text: 'Who?' }, 'about'],
    [{ url: 'https://b.de/x', text: 'Über uns' }, 'about'],
    [{ url: 'https://b.com/x', text: 'Write for us' }, 'write-for-us'],
  ])('%o is a %s page', (link, kind) => {
    expect(contactPageKind(link)).toBe(kind);
  });

  it('does not take an article about contacts for a contact page', () => {
    expect(
      contactPageKind({ url: 'https://b.com/blog/how-to-contact-editors', text: 'How to contact editors' }),
    ).toBeNull();
  });
});
