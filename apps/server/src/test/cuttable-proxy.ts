import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut (every connection closed, new ones refused: the database
 * "goes away", as in a restart) and bring back on the same port.
 */
export const cuttableProxy = async (target: URL) => {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      const listener = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = listener;
      listener.listen(port, '127.0.0.1', () => {
        port = (listener.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    url: (database: string) => {
      const url = new URL(database);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
    restore: open,
  };
};
