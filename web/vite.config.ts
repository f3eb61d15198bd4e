import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routeAssets } from './build/route-assets-plugin.mjs';

// The dev server proxies API calls to the Fastify server (npm run serve) so both run on one
// origin in development as they do in production.
const apiPrefixes = [
  '/v3',
  '/user-problem',
  '/api',
  '/emphasis',
  '/gopia',
  '/service',
  '/dev',
  '/openapi.json',
  '/healthz',
];

// Two builds (web/package.json): the browser build, with the static pages' light entry
// beside the app, and `--ssr`, the server's renderers (the static pages' prerenderer and the
// app pages' per-visit renderer), written under dist/.ssr where the static file server never
// serves it (dot folders are not served).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), routeAssets()],
  build: isSsrBuild
    ? {
        outDir: 'dist/.ssr',
        target: 'node20',
        emptyOutDir: true,
        rollupOptions: {
          input: {
            'static-pages-server': 'src/app/static-pages-server.tsx',
            'borrower-pages-server': 'src/app/borrower-pages-server.tsx',
          },
        },
      }
    : {
        manifest: true,
        target: 'es2022',
        cssCodeSplit: true,
        // The promotion landing is its own light entry (DESIGN §1), served by the server at /promotion.
        rollupOptions: {
          input: {
            index: 'index.html',
            promotion: 'promotion.html',
            // The operator console (issue 13): its own entry, never loaded by a borrower page.
            console: 'console.html',
            'static-pages': 'src/app/static-pages-client.tsx',
          },
        },
        // A lazily loaded chunk's CSS is fetched by Vite's preload helper; pages whose CSS the
        // server inlines name those sheets as disabled links, which the helper skips
        // (server/src/lib/html.ts inlinedSheetMarkers). modulePreload.resolveDependencies cannot
        // do it: Vite gives it the JS dependencies only and always adds the CSS back.
      },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:8080'])),
  },
}));
