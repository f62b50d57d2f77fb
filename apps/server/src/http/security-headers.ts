import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The origin of an http(s) URL, or null (the brand dashboard frame's CSP source). */
const httpOrigin = (value: string | undefined): string | null => {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * Security headers of every answer (helmet): `X-Content-Type-Options: nosniff`, frames only
 * from this origin (`X-Frame-Options: SAMEORIGIN`, `frame-ancestors 'self'`), `Referrer-Policy:
 * no-referrer`, and a Content-Security-Policy the web app and the OpenAPI page (/api/docs) work under:
 * scripts only from this origin, styles also inline (MUI's emotion and Swagger UI write style
 * elements), images also `data:`/`blob:` (logos, screenshots), frames only of this origin and of the
 * brand dashboard (BRAND_DASHBOARD_URL). Inline scripts run only when their hash is in `scriptHashes` (the web build's
 * boot script, http/inline-scripts.ts). HSTS is sent by the app only over TLS (see app.ts), and no
 * `upgrade-insecure-requests`: the demo and LAN installs are served over plain HTTP.
 */
export const securityHeaders = (brandDashboardUrl: string | undefined, scriptHashes: string[] = []): HelmetOptions => {
  const dashboard = httpOrigin(brandDashboardUrl);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...(dashboard ? [dashboard] : [])],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
    // The app embeds no cross-origin resources that would need CORP headers, but the brand dashboard frame
    // is another origin's page: COEP would block it.
    crossOriginEmbedderPolicy: false,
  };
};

/**
 * The headers helmet sets with `options`, worked out once: none of ours depends on the request (no nonce, no
 * function directive). helmet's middleware only sets and removes headers, synchronously, so it is run on a stand-in
 * response that records them.
 */
export const securityHeaderValues = (options: HelmetOptions): [string, string][] => {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  // The stand-in has the only two methods helmet's middleware calls; it reads nothing of the request.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...headers];
};

/**
 * Sends the security headers on every answer, on the raw response as @fastify/helmet did (so that answers written
 * past Fastify, the live updates' stream, carry them too). @fastify/helmet built helmet's middleware again for every
 * request: a third of the bare route's time (2026-11-25, `tools/bench/api.ts`: 8,500 req/s with it, 12,400–13,800
 * without any security header).
 */
export const securityHeadersHook = (
  app: FastifyInstance,
  brandDashboardUrl: string | undefined,
  scriptHashes: string[] = [],
): void => {
  const headers = securityHeaderValues(securityHeaders(brandDashboardUrl, scriptHashes));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
};
