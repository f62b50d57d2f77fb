// HAProxy pieces shared by the deployable stack (deploy/haproxy.cfg, scripts/stack.mjs) and the chaos suite
// (tools/chaos/lib/infra.mjs): HAProxy's own error answers as JSON, and how a backend server is checked.

/** HAProxy's own answers (no backend up, a backend failed, a timeout). */
export const HAPROXY_ERRORS = [
  [502, 'Bad Gateway'],
  [503, 'Service Unavailable'],
  [504, 'Gateway Timeout'],
];

/**
 * One error file's text (HAProxy's `errorfile`): a JSON body as the API's own errors, `extraHeaders` added (the chaos
 * suite marks HAProxy's answers with `x-chaos-proxy: 1` to tell them from a server's).
 */
export const haproxyErrorPage = (status, reason, extraHeaders = []) =>
  [
    `HTTP/1.0 ${status} ${reason}`,
    'Cache-Control: no-cache',
    'Connection: close',
    'Content-Type: application/json',
    ...extraHeaders,
    '',
    JSON.stringify({ message: `haproxy: ${reason}` }),
    '',
  ].join('\r\n');

/**
 * The health check of every backend server: `GET /api/health` every 500 ms, answered within 2 s (a loaded 2-core
 * machine answers slower than the interval), down after 2 failures, up after 1 success; a request whose connection is
 * refused is tried again on another server (`retries 2`, `option redispatch`).
 */
export const HAPROXY_CHECK_LINES = [
  '  retries 2',
  '  option redispatch 1',
  '  option httpchk GET /api/health',
  '  timeout check 2s',
  '  default-server inter 500 fastinter 250 downinter 500 fall 2 rise 1',
];

/** The `server` lines of a backend: one a port, named s1, s2 … */
export const haproxyServerLines = (ports, host = '127.0.0.1') =>
  ports.map((port, i) => `  server s${i + 1} ${host}:${port} check`);
