import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { routeAssets } from './build/route-assets-plugin.mjs';
import { webRoutes } from '../packages/contract/src/web-routes.ts';

// The dev server (npm run dev) and the Fastify server (npm run serve) on one origin, as in
// production: the dev server answers what the web build is — its modules, the files of web/ and
// web/public, and the pages (webRoutes, the one list the server answers them by, and the
// console) with their HTML entry — and hands every other path to the server, whatever feature
// registered it (/api, /console/api, /payments, /sandbox, /brand, /dev, …), so no list of
// server paths can fall behind. The server is the one `npm run serve` starts: API_URL, else
// http://127.0.0.1:$PORT (the server's PORT, default 8080).
const apiUrl = process.env.API_URL || `http://127.0.0.1:${process.env.PORT || 8080}`;
const webDir = import.meta.dirname;
const pageEntries = new Map<string, string>([
  ...Object.values(webRoutes).map((route): [string, string] => [route, '/index.html']),
  [webRoutes.promotion, '/promotion.html'],
  ['/console', '/console.html'],
]);
const VITE_OWN = /^\/(@|src\/|node_modules\/|__)/;

const isFile = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The address the dev server answers itself, or undefined for the server's. */
function answeredByVite(request: IncomingMessage): string | undefined {
  const url = request.url ?? '/';
  const { pathname } = new URL(url, 'http://dev');
  const entry = pageEntries.get(pathname);
  if (entry && request.method === 'GET') return entry + url.slice(pathname.length);
  if (VITE_OWN.test(pathname)) return url;
  // The server answers the build's brand files with the configured brand's (decision 0096).
  if (/^\/(brand\/(icon|logo)\.svg|favicon\.ico)$/.test(pathname)) return undefined;
  const relative = path.normalize(pathname).replace(/^[/\\]+/, '');
  if (isFile(path.join(webDir, 'public', relative)) || isFile(path.join(webDir, relative))) return url;
  return undefined;
}

/**
 * The server stamps each page with the mode and market it runs (kw-env, kw-market); the dev
 * server serves the build's HTML instead, so it stamps them itself: development (the developer
 * tools of /testPreview call the server's /dev), in MARKET's market when set, as the server reads it.
 */
function devRuntime(): Plugin {
  return {
    name: 'kw-dev-runtime',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace(/(<meta name="kw-env" content=")[^"]*/, '$1development')
        .replace(/(<meta name="kw-market" content=")[^"]*/, (whole, open: string) =>
          process.env.MARKET ? open + process.env.MARKET : whole,
        ),
  };
}

// Two builds (web/package.json): the browser build, with the static pages' light entry
// beside the app, and `--ssr`, the server's renderers (the static pages' prerenderer and the
// app pages' per-visit renderer), written under dist/.ssr where the static file server never
// serves it (dot folders are not served).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), routeAssets(), devRuntime()],
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
    proxy: { '/': { target: apiUrl, bypass: answeredByVite } },
  },
}));
