// The README's pictures (docs/img): the built server on an empty data folder with the demo data, signed in as the demo
// company administrator, in Spanish; the dashboard and the inbound dashboard at 1280 px with the menu open, and the
// dashboard on a phone (390 px). `npm run build` first, then `npx tsx tools/screenshots.ts`.
import path from 'node:path';
import { launchBrowser, MEASURED_PAGES, signedInState } from '../e2e/support/page-weight';
import { startBenchServer } from './bench/web-server';

const root = path.resolve(import.meta.dirname, '..');
const out = (name: string) => path.join(root, 'docs/img', `${name}.png`);
const shots: { name: string; url: string; width: number; height: number }[] = [
  { name: 'dashboard-es', url: '/dashboard', width: 1280, height: 800 },
  { name: 'inbound-es', url: '/inbound/', width: 1280, height: 800 },
  { name: 'dashboard-phone-es', url: '/dashboard', width: 390, height: 844 },
];

const server = startBenchServer(root);
const browser = await launchBrowser();
try {
  await server.ready();
  const base = { baseURL: server.baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' };
  const state = await signedInState(browser, { ...base, viewport: { width: 1280, height: 800 } });
  for (const shot of shots) {
    const context = await browser.newContext({
      ...base,
      storageState: state,
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: shot.width < 600 ? 2 : 1,
    });
    const page = await context.newPage();
    await page.goto(shot.url);
    const measured = MEASURED_PAGES.find((entry) => entry.url === shot.url);
    if (measured) await measured.ready(page);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: out(shot.name) });
    console.log(`docs/img/${shot.name}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
