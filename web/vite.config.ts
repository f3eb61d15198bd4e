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
  // The brand's images and manifest come from the server's configuration (decision 0096).
  '/brand/logo',
  '/brand/favicon',
  '/manifest.webmanifest',
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
        // A lazily loaded page's imports are not preloaded by script (the HTML entries keep
        // their hints): Vite's helper adds a
        // <link rel=modulepreload> per module while the page boots, which on a phone was the
        // longest task before hydration (about 90 ms at Lighthouse's 4x slowdown); listed in the
        // HTML instead, they competed with the first paint's downloads. The browser fetches a
        // chunk's imports as it reads the chunk, while the server-rendered page is on screen.
        // No polyfill: every WebView the app runs in (Android's, WKWebView since iOS 17) knows
        // modulepreload, and the app's pages no longer use it.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
        },
        // The promotion landing is its own light entry (DESIGN §1), served by the server at /promotion.
        rollupOptions: {
          input: {
            index: 'index.html',
            promotion: 'promotion.html',
            // The operator console (decision 0080): its own entry, never loaded by a borrower page.
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
