/**
 * The HTML shell of client-rendered pages (the signed-in app, the auth screen) with preload hints: the
 * page's route chunks as `modulepreload` and its first GET requests as `preload as=fetch`, so the
 * browser fetches them alongside the entry chunk instead of discovering them one after another
 * (entry → route chunk → API call). Chunk files come from Vite's build manifest (`build.manifest`).
 */

/** One chunk of Vite's `.vite/manifest.json`, keyed there by its source path relative to src/web. */
export interface ManifestChunk {
  file: string;
  /** Keys of the chunks it imports statically. */
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** A client-rendered page's first needs, as the server-rendering bundle reports them. */
export interface ClientPreloads {
  modules: string[];
  fetches: string[];
}

/** The files of the chunks `keys` name and of every chunk they import statically, dependencies first, each once. */
function chunkFiles(manifest: BuildManifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunk.imports?.forEach(visit);
    files.push(chunk.file);
  };
  keys.forEach(visit);
  return files;
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link>` tags for a client-rendered page: modulepreload for its chunks that index.html does not
 * already load (the entry's own), preload as fetch for its first requests. `crossorigin` makes the
 * preloads match the module scripts and the same-origin `fetch` calls that later use them; the chunks
 * are low priority like the entry script (vite.config.ts), behind the render-blocking stylesheet.
 */
export function preloadTags(manifest: BuildManifest, preloads: ClientPreloads): string {
  const initial = new Set(chunkFiles(manifest, ['index.html']));
  const modules = chunkFiles(manifest, preloads.modules).filter((file) => !initial.has(file));
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
