import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { freePort } from '../../test/ports.js';

/** One message the receiver acknowledged, verified with the `standardwebhooks` package. */
export type Received = { id: string; type: string; data: Record<string, unknown>; at: number };

/**
 * A webhook receiver for the tests (issue 27): a real HTTP server on 127.0.0.1 that verifies each request's signature
 * with the Standard Webhooks reference library (`standardwebhooks`) against the secrets it is told, and counts what it
 * acknowledged by `webhook-id`. It can answer 503 for a while (`unavailable`), or be down (`down`: its socket closed).
 */
export type Receiver = {
  url: string;
  port: number;
  /** Every acknowledged request, in arrival order (a retried message appears more than once). */
  received: Received[];
  /** Requests whose signature did not verify (answered 401). */
  rejected: string[];
  /** Requests answered 503 while unavailable. */
  refused: number;
  setSecrets: (secrets: string[]) => void;
  setUnavailable: (isUnavailable: boolean) => void;
  /** Closes the socket: connections are refused until `up`. */
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
  /** How many times each message id was acknowledged. */
  counts: () => Map<string, number>;
};

const bodyOf = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

const headerOf = (request: IncomingMessage, name: string): string => {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

const isPayload = (value: unknown): value is { type: string; data: Record<string, unknown> } =>
  typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string' && 'data' in value;

export const startReceiver = async (secrets: string[] = [], port?: number): Promise<Receiver> => {
  let keys = secrets;
  let isUnavailable = false;
  const received: Received[] = [];
  const rejected: string[] = [];
  const state = { refused: 0 };
  const listenPort = port ?? (await freePort());
  let server: Server | undefined;

  const handle = async (request: IncomingMessage, respond: (status: number, text: string) => void) => {
    const body = await bodyOf(request);
    if (isUnavailable) {
      state.refused += 1;
      respond(503, 'down for maintenance');
      return;
    }
    const headers = {
      'webhook-id': headerOf(request, 'webhook-id'),
      'webhook-timestamp': headerOf(request, 'webhook-timestamp'),
      'webhook-signature': headerOf(request, 'webhook-signature'),
    };
    for (const secret of keys) {
      try {
        const payload = new Webhook(secret).verify(body, headers);
        if (!isPayload(payload)) break;
        received.push({ id: headers['webhook-id'], type: payload.type, data: payload.data, at: Date.now() });
        respond(204, '');
        return;
      } catch {
        // Not this secret: the next one, if any.
      }
    }
    rejected.push(headers['webhook-id']);
    respond(401, 'bad signature');
  };

  const up = () =>
    new Promise<void>((resolve, reject) => {
      const made = createServer((request, response) => {
        handle(request, (status, text) => {
          response.writeHead(status, { 'content-type': 'text/plain' });
          response.end(text);
        }).catch(() => {
          response.writeHead(500);
          response.end();
        });
      });
      made.once('error', reject);
      made.listen(listenPort, '127.0.0.1', () => {
        server = made;
        resolve();
      });
    });

  const down = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) {
        resolve();
        return;
      }
      current.close(() => resolve());
      current.closeAllConnections();
    });

  await up();
  return {
    url: `http://127.0.0.1:${listenPort}/hooks`,
    port: listenPort,
    received,
    rejected,
    get refused() {
      return state.refused;
    },
    setSecrets: (next) => {
      keys = next;
    },
    setUnavailable: (value) => {
      isUnavailable = value;
    },
    down,
    up,
    close: down,
    counts: () => {
      const counts = new Map<string, number>();
      for (const r of received) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
      return counts;
    },
  };
};
