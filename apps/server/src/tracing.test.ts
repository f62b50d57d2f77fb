import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/ports.js';
import { hasServerBuild, type ServerProcess, serverMain, startServerProcess } from './test/server-process.js';
import { isTracingRequested } from './tracing.js';

describe('tracing is switched on by the standard OpenTelemetry variables only', () => {
  it('is off without them, on with an OTLP endpoint or an exporter named, off when disabled', () => {
    expect(isTracingRequested({})).toBe(false);
    expect(isTracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(isTracingRequested({ OTEL_SERVICE_NAME: 'rfid' })).toBe(false);
    expect(isTracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(isTracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(isTracingRequested({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(isTracingRequested({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toBe(false);
    expect(isTracingRequested({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toBe(false);
  });
});

type OtlpSpan = { name: string; traceId: string; attributes?: { key: string; value: Record<string, unknown> }[] };
type OtlpBody = {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: Record<string, unknown> }[] };
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
  }[];
};
const attribute = (attributes: OtlpSpan['attributes'], key: string) =>
  Object.values(attributes?.find((entry) => entry.key === key)?.value ?? {})[0];

const why = !hasServerBuild ? `no build at ${serverMain} (npm run build): the tracing process test is SKIPPED` : undefined;
if (why) console.warn(why);

/**
 * The built server with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a tiny OTLP/HTTP receiver of the test's own (JSON
 * bodies: OTEL_EXPORTER_OTLP_PROTOCOL=http/json): a request to it is a span there.
 */
describe.skipIf(why !== undefined)('tracing of the built server, exported over OTLP/HTTP', () => {
  let receiver: Server;
  let server: ServerProcess;
  const bodies: OtlpBody[] = [];
  const paths: string[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        paths.push(request.url ?? '');
        try {
          bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody);
        } catch {
          // not JSON: the assertions below say what came
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    const port = await freePort();
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    server = await startServerProcess({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'rfid-test',
      // Spans are sent within 200 ms instead of 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    });
    await server.waitHealthy(90_000);
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('sends a span of a request with its route, under the service name', async () => {
    const response = await fetch(`${server.baseUrl}/api/locations/7/`, { headers: { authorization: 'Token nope' } });
    expect(response.status).toBe(401);
    const spans = () =>
      bodies.flatMap((body) =>
        (body.resourceSpans ?? []).flatMap((resource) =>
          (resource.scopeSpans ?? []).flatMap((scope) =>
            (scope.spans ?? []).map((span) => ({
              ...span,
              scope: scope.scope?.name ?? '',
              service: attribute(resource.resource?.attributes, 'service.name'),
            })),
          ),
        ),
      );
    const requestSpan = () =>
      spans().find(
        (span) =>
          attribute(span.attributes, 'http.route') === '/api/locations/:id/' && span.scope.includes('instrumentation-http'),
      );
    await expect.poll(requestSpan, { timeout: 30_000, interval: 200 }).toBeDefined();
    expect(paths).toContain('/v1/traces');
    expect(requestSpan()?.service).toBe('rfid-test');
    // Fastify's own spans (@fastify/otel) share the request's trace.
    const traceId = requestSpan()?.traceId;
    await expect
      .poll(() => spans().filter((span) => span.traceId === traceId && span.scope.includes('fastify')).length, {
        timeout: 30_000,
        interval: 200,
      })
      .toBeGreaterThan(0);
    // The health probes are not traced.
    expect(spans().filter((span) => String(attribute(span.attributes, 'url.path') ?? '').startsWith('/api/health'))).toEqual([]);
  }, 60_000);
});
