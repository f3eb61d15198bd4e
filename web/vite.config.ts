import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies API calls to the Fastify server (npm run serve) so both run on one
// origin in development as they do in production.
const apiPrefixes = ['/v3', '/user-problem', '/api', '/emphasis', '/gopia', '/service', '/dev', '/openapi.json', '/healthz'];

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    // The promotion landing is its own light entry (DESIGN §1), served by the server at /promotion.
    rollupOptions: {
      input: { index: 'index.html', promotion: 'promotion.html' },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:8080'])),
  },
});
