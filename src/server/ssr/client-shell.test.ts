import { describe, expect, it } from 'vitest';
import { preloadTags, withHeadTags, type BuildManifest } from './client-shell';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'app/routes/dashboard.tsx': { file: 'assets/dashboard.js', imports: ['index.html', '_ui.js'] },
  'app/routes/campaigns.tsx': { file: 'assets/campaigns.js', imports: ['_ui.js', '_query.js'] },
  '_ui.js': { file: 'assets/ui.js', imports: ['_react.js'] },
  '_query.js': { file: 'assets/query.js' },
};

describe('preloadTags', () => {
  it('preloads the page chunks and their imports once each, leaving out what the entry already loads', () => {
    const tags = preloadTags(manifest, {
      modules: ['app/routes/dashboard.tsx', 'app/routes/campaigns.tsx'],
      fetches: [],
    });
    const hrefs = [
      ...tags.matchAll(/rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)"/g),
    ].map((m) => m[1]);
    expect(hrefs).toEqual([
      '/assets/ui.js',
      '/assets/dashboard.js',
      '/assets/query.js',
      '/assets/campaigns.js',
    ]);
  });

  it('preloads first requests as credentialed same-origin fetches, with the URL escaped for the attribute', () => {
    const tags = preloadTags(manifest, { modules: [], fetches: ['/api/campaigns?page=1&order=desc'] });
    expect(tags).toBe(
      '<link rel="preload" as="fetch" crossorigin href="/api/campaigns?page=1&amp;order=desc">',
    );
  });

  it('skips modules the build does not know', () => {
    expect(preloadTags(manifest, { modules: ['app/routes/gone.tsx'], fetches: [] })).toBe('');
  });
});

describe('withHeadTags', () => {
  it('adds the tags at the end of the head and leaves the page alone without tags', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withHeadTags(html, '<link rel="preload">')).toBe(
      '<html><head><title>x</title><link rel="preload"></head><body></body></html>',
    );
    expect(withHeadTags(html, '')).toBe(html);
  });
});
