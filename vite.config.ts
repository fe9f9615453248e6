import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
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

const webFile = (name: string) => fileURLToPath(new URL(`src/web/${name}`, import.meta.url));

/**
 * react-router 7 exports only its development build (warnings, extra checks) under every condition;
 * the browser bundle takes the production build it also ships. The server-rendering build leaves the
 * package external, for Node to resolve.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

/**
 * Builds the client from src/web into dist/web: index.html loads the SPA (main.tsx), public.html the
 * islands of server-rendered public pages (public-entry.tsx). In development it proxies /api to the server.
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), lowPriorityScripts()],
  resolve: { alias: command === 'build' && !isSsrBuild ? [reactRouterProduction] : [] },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server to preload a client-rendered page's chunks with its HTML (src/server/ssr).
    manifest: true,
    // The server-rendering build (`--ssr entry-server.tsx`) has its own input.
    rolldownOptions: isSsrBuild ? {} : { input: ['index.html', 'public.html'].map(webFile) },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
}));
