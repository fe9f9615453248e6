import type { BlogPostList, BlogPostPage } from './schemas/blog';

/**
 * What the public pages read: the server implements it with its services (server rendering), the
 * browser with the API. Route loaders take whichever they are given, so one loader serves both.
 */
export interface PublicDataSource {
  /** One page (1-based) of published posts, newest first. */
  listPosts(page: number): Promise<BlogPostList>;
  /**
   * A published post and its Recent Posts; null when no published post has or had that slug. For an old
   * slug of a renamed post it is that post (its `post.slug` is the current one: the route redirects).
   */
  getPost(slug: string): Promise<BlogPostPage | null>;
}

/** The result of rendering one public URL on the server (see src/web/entry-server.tsx). */
export type ServerRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** Tags for <head>: title, description, canonical, Open Graph (escaped). */
      head: string;
      /** The markup that goes inside #root; the browser hydrates only its islands (src/web/islands). */
      body: string;
    };

/**
 * The server-rendering entry's signature (dist/ssr/entry-server.js exports `render`). `signedIn`: the
 * request came with a live session, so the navigation bar offers the dashboard instead of Log in / Sign up.
 */
export type ServerRender = (
  request: Request,
  context: { data: PublicDataSource; appUrl: string; signedIn: boolean },
) => Promise<ServerRenderResult>;
