/**
 * The HTML shell of client-rendered pages (the signed-in app, the auth screen) with preload hints: the
 * page's route chunks as `modulepreload` and its first GET requests as `preload as=fetch`, so the
 * browser fetches them alongside the entry chunk instead of discovering them one after another
 * (entry → route chunk → API call). Chunk files come from `.vite/route-chunks.json`, written by the
 * client build (vite.config.ts).
 */

/** `.vite/route-chunks.json`: the entry chunk, each page module's chunk and each chunk's static imports. */
export interface RouteChunks {
  entry?: string;
  /** Page module (source path relative to src/web) → its chunk file. */
  routes: Record<string, string>;
  /** Chunk file → the chunk files it imports statically. */
  imports: Record<string, string[]>;
}

/** A client-rendered page's first needs, as the server-rendering bundle reports them. */
export interface ClientPreloads {
  modules: string[];
  fetches: string[];
}

/** `files` and every chunk they import statically, dependencies first, each once. */
function withImports(chunks: RouteChunks, files: string[]): string[] {
  const seen = new Set<string>();
  const ordered: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    chunks.imports[file]?.forEach(visit);
    ordered.push(file);
  };
  files.forEach(visit);
  return ordered;
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link>` tags for a client-rendered page: modulepreload for its chunks that index.html does not
 * already load (the entry's own), preload as fetch for its first requests. `crossorigin` makes the
 * preloads match the module scripts and the same-origin `fetch` calls that later use them; the chunks
 * are low priority like the entry script (vite.config.ts), behind the render-blocking stylesheet.
 */
export function preloadTags(chunks: RouteChunks, preloads: ClientPreloads): string {
  const initial = new Set(withImports(chunks, chunks.entry ? [chunks.entry] : []));
  const pageChunks = preloads.modules.flatMap((source) => chunks.routes[source] ?? []);
  const modules = withImports(chunks, pageChunks).filter((file) => !initial.has(file));
  return [
    ...modules.map(
      (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${attribute(file)}">`,
    ),
    ...preloads.fetches.map((url) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`),
  ].join('');
}

/** index.html with `tags` added at the end of its head. */
export function withHeadTags(template: string, tags: string): string {
  return tags ? template.replace('</head>', `${tags}</head>`) : template;
}
