import type { FastifyHelmetOptions } from '@fastify/helmet';

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
 * Security headers of every answer (@fastify/helmet): `X-Content-Type-Options: nosniff`, frames only
 * from this origin (`X-Frame-Options: SAMEORIGIN`, `frame-ancestors 'self'`), `Referrer-Policy:
 * no-referrer`, and a Content-Security-Policy the web app and the OpenAPI page (/api/docs) work under:
 * scripts only from this origin, styles also inline (MUI's emotion and Swagger UI write style
 * elements), images also `data:`/`blob:` (logos, screenshots), frames only of this origin and of the
 * brand dashboard (BRAND_DASHBOARD_URL). HSTS is sent by the app only over TLS (see app.ts), and no
 * `upgrade-insecure-requests`: the demo and LAN installs are served over plain HTTP.
 */
export const securityHeaders = (brandDashboardUrl: string | undefined): FastifyHelmetOptions => {
  const dashboard = httpOrigin(brandDashboardUrl);
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
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
