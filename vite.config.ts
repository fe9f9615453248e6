import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const root = path.resolve('src/web');

/**
 * Writes `.vite/route-chunks.json` into the client build: `{ entry, routes, imports }` — the entry
 * chunk, the chunk holding each page module (`app/routes/*.tsx`, relative to src/web) and each chunk's
 * static imports. The server reads it to preload a client-rendered page's chunks (src/server/ssr/client-shell.ts);
 * Vite's own manifest cannot say which chunk a grouped module landed in.
 */
function routeChunks(): Plugin {
  return {
    name: 'linkpilot-route-chunks',
    apply: (_, env) => !env.isSsrBuild,
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const routes: Record<string, string> = {};
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          const source = path.relative(root, id);
          if (source.startsWith('app/routes/')) routes[source] = chunk.fileName;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-chunks.json',
        source: JSON.stringify({
          entry: chunks.find((chunk) => chunk.isEntry)?.fileName,
          routes,
          imports: Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk.imports])),
        }),
      });
    },
  };
}

/**
 * Marks index.html's module script and module preloads `fetchpriority="low"`: they are deferred and
 * paint nothing themselves (public pages arrive rendered, the dashboard with its skeleton), so the
 * stylesheet, which does block the first paint, gets the bandwidth first.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'linkpilot-low-priority-scripts',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'),
    },
  };
}

/** Builds the SPA from src/web into dist/web; in development it proxies /api to the server. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), routeChunks(), lowPriorityScripts()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
