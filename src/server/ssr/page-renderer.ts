import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { paths } from '../../shared/paths';
import type { PublicDataSource, ServerRender } from '../../shared/public-data';
import { preloadTags, withHeadTags, type BuildManifest, type ClientPreloads } from './client-shell';

/** Routes that stay client-rendered: the signed-in app, the auth screen and the admin page. */
const clientOnlyPrefixes = [paths.dashboard, paths.login, paths.signup, paths.blogAdmin];

/** True for a path that is served as the plain SPA shell rather than rendered on the server. */
export function isClientOnlyPath(pathname: string): boolean {
  return clientOnlyPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const ROOT = '<div id="root"></div>';

/** Puts the rendered page into the built index.html: head tags replace the default title and description. */
export function fillTemplate(
  template: string,
  page: { head: string; body: string; hydration: string },
): string {
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?>\s*/, '')
    .replace('</head>', `  ${page.head}\n  </head>`)
    .replace(
      ROOT,
      `<div id="root">${page.body}</div><script type="application/json" id="router-hydration">${page.hydration}</script>`,
    );
}

export interface PageRenderer {
  /** Answers a GET for a public page with server-rendered HTML (or a redirect). */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /**
   * Answers a GET for a client-rendered page: the SPA shell with its route chunks and first requests
   * preloaded and, for the dashboard, the frame's skeleton in place of a blank page.
   */
  sendShell(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** Vite's build manifest next to index.html; an empty one (no chunk preloads) when the build wrote none. */
async function readManifest(templatePath: string): Promise<BuildManifest> {
  try {
    const text = await readFile(path.join(path.dirname(templatePath), '.vite', 'manifest.json'), 'utf8');
    return JSON.parse(text) as BuildManifest;
  } catch {
    return {};
  }
}

/**
 * Loads the server-rendering bundle (dist/ssr/entry-server.js, built by `vite build --ssr`), the
 * client's index.html and Vite's manifest once, and renders public pages with them. When rendering fails the SPA shell is
 * sent with status 500, so the browser still gets a working app.
 */
export async function createPageRenderer(options: {
  entryPath: string;
  templatePath: string;
  appUrl: string;
  data: PublicDataSource;
}): Promise<PageRenderer> {
  const [{ render, preloadsFor, renderShell }, template, manifest] = await Promise.all([
    import(pathToFileURL(options.entryPath).href) as Promise<{
      render: ServerRender;
      preloadsFor: (pathname: string) => ClientPreloads;
      renderShell: (pathname: string) => string;
    }>,
    readFile(options.templatePath, 'utf8'),
    readManifest(options.templatePath),
  ]);
  return {
    async sendShell(request, reply) {
      const { pathname } = new URL(request.url, options.appUrl);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(
          withHeadTags(template, preloadTags(manifest, preloadsFor(pathname))).replace(
            ROOT,
            `<div id="root">${renderShell(pathname)}</div>`,
          ),
        );
    },
    async send(request, reply) {
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      try {
        const result = await render(
          new Request(new URL(request.url, options.appUrl), { signal: controller.signal }),
          { data: options.data, appUrl: options.appUrl },
        );
        if (result.kind === 'redirect') {
          // Not cached: a renamed post's redirect goes away if the slug is taken back (docs/decisions/006).
          return reply.header('cache-control', 'no-cache').redirect(result.location, result.status);
        }
        return reply
          .status(result.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(fillTemplate(template, result));
      } catch (error) {
        request.log.error({ err: error }, 'server rendering failed');
        return reply
          .status(500)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(template);
      }
    },
  };
}
