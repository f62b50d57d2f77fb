import { createServer } from 'node:net';

/** A TCP port nothing listens on (taken from the system, then given back). */
export const freePort = (): Promise<number> =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
