import type { FastifyInstance } from 'fastify';

// Pages load scripts and styles only from our origin; product logos and banners may come from
// an operator's CDN over https. The Policy section of the official site frames a privacy page.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** DESIGN §3: nosniff, no referrer (session ids ride in query strings), a CSP on every response. */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    done(null, payload);
  });
}
