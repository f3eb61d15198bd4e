import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routeAssets } from './build/route-assets-plugin.mjs';

// The dev server proxies API calls to the Fastify server (npm run serve) so both run on one
// origin in development as they do in production.
const apiPrefixes = ['/v3', '/user-problem', '/api', '/emphasis', '/gopia', '/service', '/dev', '/openapi.json', '/healthz'];

export default defineConfig({
  plugins: [react(), routeAssets()],
  build: {
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:8080'])),
  },
});
