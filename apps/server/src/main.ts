import { startTracing } from './tracing.js';

// Tracing first, when OpenTelemetry's variables ask for it (tracing.ts): its instrumentations patch node:http, pg and
// Fastify as the server's modules load, so those are imported only afterwards (server.ts: the server itself).
await startTracing();
await import('./server.js');
