import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), tailwindcss(), lowPriorityScripts()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server to preload a client-rendered page's chunks with its HTML (src/server/ssr).
    manifest: true,
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
