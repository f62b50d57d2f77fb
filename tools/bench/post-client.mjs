// The HTTP client of "one event per HTTP POST" (tools/bench/ingest.mjs), in its own process: autocannon sends each
// request of a JSON file ([{ key, body }], one event a body) once, over `connections` keep-alive connections, and
// prints one JSON line: requests sent, 2xx answers, others, errors, seconds, requests/s, latency p50/p99 (ms).
// Usage: node tools/bench/post-client.mjs <url> <connections> <requests.json>
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, connections, file] = process.argv.slice(2);
const requests = JSON.parse(readFileSync(file, 'utf8'));
let next = 0;
const started = performance.now();
const result = await autocannon({
  url,
  connections: Number(connections),
  amount: requests.length,
  timeout: 60,
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        const { key, body } = requests[next++ % requests.length];
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Device ${key}` },
          body,
        };
      },
    },
  ],
});
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    sent: result.requests.sent ?? requests.length,
    ok: result['2xx'],
    other: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds,
    rps: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
  }),
);
