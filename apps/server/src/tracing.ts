/**
 * OpenTelemetry tracing (docs/observability.md), switched on by OpenTelemetry's standard variables: an OTLP endpoint
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or `OTEL_TRACES_EXPORTER` naming an exporter
 * (otlp, console …); `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` keep it off. Off, nothing of OpenTelemetry
 * is loaded (this module imports none of it): no cost. On, the Node SDK starts before the server's modules load (main.ts
 * imports them afterwards) with the HTTP, pg and Fastify instrumentations; the exporter, its protocol
 * (`OTEL_EXPORTER_OTLP_PROTOCOL`: http/protobuf by default, http/json, grpc), the sampler and the service name
 * (`OTEL_SERVICE_NAME`, rfid-server by default) are the SDK's own variables.
 */
export const isTracingRequested = (env: NodeJS.ProcessEnv = process.env): boolean => {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim().toLowerCase());
  if (exporters.includes('none')) return false;
  return (
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) ||
    exporters.some((name) => name !== '')
  );
};

/** Paths not traced: Prometheus's scrapes and the health probes come every few seconds and say nothing. */
const UNTRACED = /^\/(metrics|api\/health)(\/|\?|$)/;

let stop: () => Promise<void> = async () => {};

/** Starts tracing when the variables ask for it (above); answers whether it did. */
export const startTracing = async (env: NodeJS.ProcessEnv = process.env): Promise<boolean> => {
  if (!isTracingRequested(env)) return false;
  // The instrumentations patch modules as they load: ESM ones (pg, imported by the server's modules) through
  // import-in-the-middle's loader hook, CommonJS ones (Fastify, node:http from it) through require.
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'rfid-server',
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? '') }),
      new PgInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route) => UNTRACED.test(route.url) }),
    ],
  });
  sdk.start();
  stop = () => sdk.shutdown().catch((error: unknown) => console.warn('tracing: shutting down failed:', error));
  return true;
};

/** Sends the spans still buffered and stops tracing (the server's shutdown; nothing when tracing is off). */
export const stopTracing = (): Promise<void> => stop();
