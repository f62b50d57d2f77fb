import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasServerBuild, type ServerProcess, serverMain, startServerProcess } from './test/server-process.js';
import { mountSmallDisk, type SmallDisk } from './test/small-disk.js';

/**
 * Issue 25, item 4: the built server on the embedded database (PGlite) whose disk fills up. Writes answer 507 with the
 * reason in the request's language, reads and health keep working, and once space is freed writes work again, with
 * nobody restarting anything. On a tmpfs of the test's own; skipped, and says why, where none can be mounted.
 */
describe('the embedded database on a full disk', () => {
  let disk: SmallDisk | undefined;
  let server: ServerProcess | undefined;
  let skip = hasServerBuild ? '' : `no build at ${serverMain} (npm run build)`;

  beforeAll(async () => {
    if (!skip) {
      const mounted = await mountSmallDisk(160);
      if ('skip' in mounted) skip = mounted.skip;
      else disk = mounted;
    }
    if (skip) console.warn(`SKIPPED the full-disk server test: ${skip}`);
  });
  afterAll(async () => {
    await server?.stop();
    await disk?.unmount();
  });

  const login = (language = 'en') =>
    fetch(`${server?.baseUrl}/api/authtoken/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify({ username: 'admin@demo.local', password: 'demo1234' }),
      signal: AbortSignal.timeout(5_000),
    });
  const storage = async () => {
    const response = await fetch(`${server?.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, storage: ((await response.json()) as { storage?: string }).storage };
  };
  const waitForStorage = async (wanted: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { storage: now } = await storage();
      if (now === wanted) return;
      if (Date.now() > deadline) throw new Error(`health said storage ${now}, not ${wanted}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('refuses writes with 507 and the reason, keeps reading, and takes writes again once space is freed', async (context) => {
    if (!disk) return context.skip();
    server = await startServerProcess({
      DATA_DIR: path.join(disk.dir, 'data'),
      LLRP: 'off',
      STOCK_SNAPSHOT_INTERVAL_MS: '3600000',
    });
    await server.waitHealthy(60_000);
    const token = ((await (await login()).json()) as { token: string }).token;
    const items = () =>
      fetch(`${server?.baseUrl}/api/items/?limit=5`, {
        headers: { authorization: `Token ${token}` },
        signal: AbortSignal.timeout(5_000),
      });
    expect((await items()).status).toBe(200);
    expect(await storage()).toEqual({ status: 200, storage: 'ok' });

    disk.fill();
    await waitForStorage('low');

    // A write (signing in stores a token): refused at once, with the reason in the request's language.
    const started = Date.now();
    const refused = await login('en');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(refused.status).toBe(507);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({
      message: "The server's disk is full; nothing was saved. Free space on the server's disk and try again.",
      code: 'common.disk_full',
    });
    const refusedEs = await login('es');
    expect(refusedEs.status).toBe(507);
    expect(((await refusedEs.json()) as { message: string }).message).toBe(
      'El disco del servidor está lleno; no se ha guardado nada. Libere espacio en el disco del servidor e inténtelo de nuevo.',
    );
    // Reads and health keep working.
    const listed = await items();
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(await storage()).toEqual({ status: 200, storage: 'low' });

    disk.free();
    await waitForStorage('ok');
    expect((await login()).status).toBe(200);
    expect(server.ended()).toBeNull();
  }, 120_000);
});
