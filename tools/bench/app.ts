// The benchmarks' server: the app started in-process on a free local port, with an admin's token.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import type { Database } from '../../apps/server/src/db/client.js';

/** Starts the app on a free port of 127.0.0.1 and signs in as the demo's admin@demo.local (the caller closes `app`). */
export const listenSignedIn = async (database: Database, withRoutes?: (app: FastifyInstance) => void) => {
  const app = await buildApp({ database });
  withRoutes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await fetch(`${base}/api/authtoken/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.local', password: 'demo1234' }),
    });
    const auth = `Token ${((await login.json()) as { token: string }).token}`;
    return { app, base, auth };
  } catch (error) {
    await app.close();
    throw error;
  }
};
