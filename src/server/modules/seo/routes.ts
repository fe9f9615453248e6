import { Feed } from 'feed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths, sitePaths } from '../../../shared/paths';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { findPublishedForIndex } from '../blog/repo';

/** The public pages search engines should index (docs/product.md#public-pages, without the auth screen). */
const indexedPages = [
  paths.home,
  paths.about,
  paths.blog,
  paths.contact,
  paths.terms,
  paths.privacy,
  paths.cookies,
];

/** Sitemap protocol caps a file at 50,000 URLs; the feed carries the latest posts only. */
const SITEMAP_POST_LIMIT = 45_000;
const FEED_POST_LIMIT = 20;

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/**
 * What search engines and feed readers fetch: `/sitemap.xml` (sitemaps.org protocol: the public pages
 * and every published post), `/robots.txt` (keeps crawlers out of the API and the signed-in app) and
 * `/blog/rss.xml` (RSS 2.0 of the latest published posts). URLs are absolute, built from APP_URL.
 */
export function seoRoutes({ config, db }: { config: Config; db: Database }): FastifyPluginAsyncZod {
  const site = config.APP_URL;
  return async (app) => {
    app.get(sitePaths.sitemap, { schema: { hide: true } }, async (_request, reply) => {
      const posts = await findPublishedForIndex(db, SITEMAP_POST_LIMIT);
      const urls = [
        ...indexedPages.map((p) => `<url><loc>${xmlEscape(site + p)}</loc></url>`),
        ...posts.map(
          (p) =>
            `<url><loc>${xmlEscape(site + paths.blogPost(p.slug))}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
        ),
      ];
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
        );
    });

    app.get(sitePaths.robots, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          [
            'User-agent: *',
            'Allow: /',
            'Disallow: /api/',
            `Disallow: ${paths.dashboard}`,
            `Disallow: ${paths.blogAdmin}`,
            '',
            `Sitemap: ${site}${sitePaths.sitemap}`,
            '',
          ].join('\n'),
        ),
    );

    app.get(sitePaths.rss, { schema: { hide: true } }, async (_request, reply) => {
      const posts = await findPublishedForIndex(db, FEED_POST_LIMIT);
      const feed = new Feed({
        title: 'LinkPilot Blog',
        description: 'Link building, outreach and SEO guides from the LinkPilot team.',
        id: site + paths.blog,
        link: site + paths.blog,
        language: 'en',
        copyright: `© ${new Date().getFullYear()} LinkPilot`,
        updated: posts[0]?.updatedAt ?? new Date(0),
        feedLinks: { rss: site + sitePaths.rss },
      });
      for (const post of posts) {
        feed.addItem({
          title: post.title,
          id: site + paths.blogPost(post.slug),
          link: site + paths.blogPost(post.slug),
          description: post.excerpt ?? undefined,
          date: post.createdAt,
          image: post.imageUrl ? site + post.imageUrl : undefined,
        });
      }
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(feed.rss2());
    });
  };
}
