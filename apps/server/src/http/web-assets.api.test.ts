import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';

/** Issue 15, item 5: the built web app is sent precompressed, hashed assets cached for good, index.html checked. */
describe('web assets', () => {
  let t: TestApp;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  /** The build's inline boot script (apps/web/vite.config.ts), and its CSP source worked out by hand (openssl). */
  const BOOT = 'console.log(1)';
  const BOOT_SOURCE = "'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='";
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'rfid-web-assets-'));
    mkdirSync(path.join(webDist, 'assets'));
    const html = `<!doctype html><title>app</title><script type="module">${BOOT}</script><div id="root"></div>`;
    writeFileSync(path.join(webDist, 'index.html'), html);
    const asset = path.join(webDist, 'assets', 'index-B0XuT59r.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    t = await buildTestApp({ options: { webDist } });
  });
  afterAll(async () => t.close());

  it('a hashed asset: brotli when accepted, gzip otherwise, plain to a client that takes neither; immutable', async () => {
    const url = '/assets/index-B0XuT59r.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['content-type']).toContain('javascript');
  });

  it('index.html and the client-side routes are revalidated each time (a new build is seen at once)', async () => {
    for (const url of ['/', '/inbound/dashboard']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('the page’s inline boot script may run, by its hash: no other inline script may (issue 30)', async () => {
    for (const url of ['/', '/dashboard', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      // The whole directive: this origin's files and that one text, no 'unsafe-inline'.
      expect(/(?:^|;)script-src ([^;]*)/.exec(policy)?.[1], url).toBe(`'self' ${BOOT_SOURCE}`);
    }
  });

  it('an asset that does not exist is a 404, not the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-AAAAAAAA.js' });
    expect(response.statusCode).toBe(404);
  });
});
