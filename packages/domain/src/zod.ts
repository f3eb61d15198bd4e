import { config, z } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to, and probes for it as the
// first object schema is built. Under the pages' Content-Security-Policy (script-src 'self', no
// 'unsafe-eval') the browser blocks the probe and reports it although zod catches it, and
// Lighthouse counts that report against Best Practices. So in a browser zod parses without
// compiling (it parses few answers there); the server keeps the compiled parsers. Every schema
// imports z from here, so this runs before the first one is built, whatever order a bundler picks.
if ('document' in globalThis) config({ jitless: true });

export { z };
