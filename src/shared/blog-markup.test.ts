import { describe, expect, it } from 'vitest';
import { renderPostMarkup } from './blog-markup';

describe('renderPostMarkup', () => {
  it('renders the blog markup: headings one level below the page title, lists and bold', () => {
    const html = renderPostMarkup(
      [
        '# Why links matter',
        '',
        '## In short',
        '',
        '- one',
        '- two',
        '',
        '1. first',
        '2. second',
        '',
        'A **bold** claim.',
      ].join('\n'),
    );
    expect(html).toContain('<h2>Why links matter</h2>');
    expect(html).toContain('<h3>In short</h3>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>\n<li>second</li>\n</ol>');
    expect(html).toContain('<p>A <strong>bold</strong> claim.</p>');
  });

  it('keeps raw <script> as inert text', () => {
    const html = renderPostMarkup('Hello <script>alert(1)</script>');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops javascript: links but keeps http links, marked nofollow', () => {
    const html = renderPostMarkup('[bad](javascript:alert(1)) and [good](https://example.com/a)');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('[bad](javascript:alert(1))');
    expect(html).toContain('<a href="https://example.com/a" rel="noopener nofollow">good</a>');
  });

  it('never emits event-handler attributes, even from HTML-looking input', () => {
    const html = renderPostMarkup(
      '<img src=x onerror="alert(1)"> <a href="#" onclick="x()">x</a>\n\n![i](x" onerror="alert(1))',
    );
    expect(html).not.toMatch(/<img/i);
    // Any on*= left is escaped text; no tag carries it.
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
  });

  it('escapes entity-encoded protocol tricks', () => {
    const html = renderPostMarkup('[x](jav&#x61;script:alert(1))');
    expect(html).not.toMatch(/href="[^"]*script:/i);
  });
});
