// The bare baseline of "one event per HTTP POST" (tools/bench/ingest.mjs): a Fastify process with one POST route,
// /api/readers/stream/, that parses the same JSON body and answers 202. Usage: node tools/bench/bare-ingest.mjs <port>.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/readers/stream/', async (request, reply) => {
  const events = Array.isArray(request.body) ? request.body : [request.body];
  return reply.status(202).send({ accepted: events.length, duplicates: 0, rejected: [] });
});
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('ready');
