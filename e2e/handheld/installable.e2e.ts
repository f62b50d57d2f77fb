import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, poll, useBrowser } from '../support/browser';

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  icons?: ManifestIcon[];
};

/** A PNG's width and height, read from its IHDR chunk (bytes 16–23), as a browser would see the file. */
const pngSize = (bytes: Buffer): { width: number; height: number } => {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

/**
 * The handheld app is installable (issue 32), checked as Lighthouse's installability audit checks it: the page links a
 * web manifest with a name, a short name, a start URL, `display: standalone` and PNG icons of 192 and 512 px (the files
 * are PNGs of those sizes); a service worker registers and controls the page; the start page loads with the network
 * cut.
 */
describe('handheld: the app is installable', () => {
  const browser = useBrowser();

  it('390 px: manifest, icons, a service worker that controls the page, the start page offline', async () => {
    const { page, context } = await openPage(browser(), { viewport: MOBILE });
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifestResponse = await page.request.get(href ?? '');
    expect(manifestResponse.ok()).toBe(true);
    const manifest = (await manifestResponse.json()) as Manifest;
    expect(manifest.name).toBe('Bionix RFID');
    expect(manifest.short_name).toBe('Bionix');
    expect(manifest.start_url).toBe('/handheld');
    expect(manifest.display).toBe('standalone');
    const icons = manifest.icons ?? [];
    for (const size of [192, 512]) {
      const icon = icons.find((candidate) => candidate.sizes === `${size}x${size}` && candidate.purpose !== 'maskable');
      expect(icon?.type).toBe('image/png');
      const file = await page.request.get(icon?.src ?? '');
      expect(file.ok()).toBe(true);
      expect(file.headers()['content-type']).toBe('image/png');
      expect(pngSize(await file.body())).toEqual({ width: size, height: size });
    }

    // The worker is the handheld's (not every dashboard page's): it registers when the app's start page opens, and takes
    // the page over (clients.claim) once it has cached the app's shell.
    await page.goto(manifest.start_url ?? '/');
    await poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), {
      timeout: 60_000,
    }).toBe('activated');
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);

    // Offline, the start page loads from the cache: the app's own page, not the browser's error.
    await context.setOffline(true);
    await page.goto(manifest.start_url ?? '/');
    await poll(() => page.getByTestId('handheld-home').count(), { timeout: 30_000 }).toBe(1);
    await context.setOffline(false);
    await context.close();
  });
});
