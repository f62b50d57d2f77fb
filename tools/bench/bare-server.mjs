// A bare Fastify server in a process of its own: the baseline the benchmarks measure the app's routes against, from the
// same client, in the same run. No plugins, no hooks, no logger.
//
//   GET  /bare  → 200 {"ok":true}
//   POST /bare  → 202 {"ok":true} once its JSON body is parsed (Fastify's own parser; the ingest baseline)
//
// Port: the first argument, else $PORT, else a free one. It prints one line, `{"port":N}`, once it listens (a caller
// may read it, or poll GET /bare). SIGTERM/SIGINT close it.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
const app = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 });
app.get('/bare', async () => ({ ok: true }));
app.post('/bare', async (request, reply) => {
  // The body is parsed by the time the handler runs; touching it keeps the work from being optimised away.
  reply.code(202);
  return { ok: request.body !== undefined };
});
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : port }));
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
