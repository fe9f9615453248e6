import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { paths } from '../../shared/paths';
import type { PublicDataSource, ServerRender } from '../../shared/public-data';
import { SESSION_META_NAME, SIGNED_OUT } from '../../shared/session-hint';
import { preloadTags, withHeadTags, type BuildManifest, type ClientPreloads } from './client-shell';

/** The prefix of invitation links (`paths.invite` is '/invite/:token'). */
const INVITE_PREFIX = '/invite';
/** Routes that stay client-rendered: the signed-in app, the auth screen, invitations and the admin page. */
const clientOnlyPrefixes = [paths.dashboard, paths.login, paths.signup, paths.blogAdmin, INVITE_PREFIX];

/** True for a path that is served as the plain SPA shell rather than rendered on the server. */
export function isClientOnlyPath(pathname: string): boolean {
  return clientOnlyPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const ROOT = '<div id="root"></div>';

/**
 * Puts the rendered page into the built public.html (which loads the islands entry, not the SPA): head
 * tags replace the default title and description.
 */
export function fillTemplate(template: string, page: { head: string; body: string }): string {
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?>\s*/, '')
    .replace('</head>', `  ${page.head}\n  </head>`)
    .replace(ROOT, `<div id="root">${page.body}</div>`);
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

/** Vite's build manifest in the built web root; an empty one (no chunk preloads) when the build wrote none. */
async function readManifest(webRoot: string): Promise<BuildManifest> {
  try {
    const text = await readFile(path.join(webRoot, '.vite', 'manifest.json'), 'utf8');
    return JSON.parse(text) as BuildManifest;
  } catch {
    return {};
  }
}

/**
 * Loads the server-rendering bundle (dist/ssr/entry-server.js, built by `vite build --ssr`), the built
 * web root's two pages (index.html loads the SPA, public.html the islands of server-rendered pages) and
 * Vite's manifest once, and renders pages with them. When rendering fails the SPA shell is sent with
 * status 500: the SPA can render public pages too, so the browser still gets a working page.
 */
export async function createPageRenderer(options: {
  entryPath: string;
  /** The client build's output directory (dist/web). */
  webRoot: string;
  appUrl: string;
  data: PublicDataSource;
  /**
   * Whether the request came with a live session (when the session is due for renewal, its new cookie
   * goes onto `reply`). Public pages show the dashboard link for it; a shell without it preloads no API
   * answer and tells the SPA the visitor is signed out.
   */
  isSignedIn: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}): Promise<PageRenderer> {
  const [{ render, preloadsFor, renderShell }, template, publicTemplate, manifest] = await Promise.all([
    import(pathToFileURL(options.entryPath).href) as Promise<{
      render: ServerRender;
      preloadsFor: (pathname: string) => ClientPreloads;
      renderShell: (pathname: string) => string;
    }>,
    readFile(path.join(options.webRoot, 'index.html'), 'utf8'),
    readFile(path.join(options.webRoot, 'public.html'), 'utf8'),
    readManifest(options.webRoot),
  ]);
  /** isSignedIn's answer, or null when it failed (logged): the page then renders as before it was asked. */
  const sessionOf = (request: FastifyRequest, reply: FastifyReply): Promise<boolean | null> =>
    options.isSignedIn(request, reply).catch((error: unknown) => {
      request.log.warn({ err: error }, 'session check for a page failed');
      return null;
    });
  return {
    async sendShell(request, reply) {
      const { pathname } = new URL(request.url, options.appUrl);
      const preloads = preloadsFor(pathname);
      // Every first request of a page is a signed-in API call: a visitor without a session would get
      // 401s, which browsers log as errors, so none is preloaded and the SPA is told not to ask.
      const tags =
        (await sessionOf(request, reply)) === false
          ? `${preloadTags(manifest, { ...preloads, fetches: [] })}<meta name="${SESSION_META_NAME}" content="${SIGNED_OUT}">`
          : preloadTags(manifest, preloads);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .send(withHeadTags(template, tags).replace(ROOT, `<div id="root">${renderShell(pathname)}</div>`));
    },
    async send(request, reply) {
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      try {
        const signedIn = (await sessionOf(request, reply)) === true;
        const result = await render(
          new Request(new URL(request.url, options.appUrl), { signal: controller.signal }),
          { data: options.data, appUrl: options.appUrl, signedIn },
        );
        if (result.kind === 'redirect') {
          // Not cached: a renamed post's redirect goes away if the slug is taken back (docs/decisions/006).
          return reply.header('cache-control', 'no-cache').redirect(result.location, result.status);
        }
        // The navigation bar differs with and without a session: no cache may give one to the other.
        return reply
          .status(result.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'cookie')
          .send(fillTemplate(publicTemplate, result));
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
