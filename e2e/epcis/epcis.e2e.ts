import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';

/**
 * The EPCIS page (issue 27, item 5): GS1's own aggregation example (Example 9.6.3, a pallet SSCC with two SGTINs) is
 * captured through the standard's capture interface; the page finds it by the pallet's SSCC and downloads it as an
 * EPCIS 2.0 JSON-LD document. Spanish at 1280 px with the menu open, English at 390 px.
 */

const DESKTOP_1280 = { width: 1280, height: 900 };
const EXAMPLE = new URL('../../apps/server/standards/epcis/Example_9.6.3-AggregationEvent.jsonld', import.meta.url);
const SSCC = 'urn:epc:id:sscc:0614141.1234567890';
const EVENT_ID = 'ni:///sha-256;87b5f18a69993f0052046d4687dfacdf48f7c988cfabda2819688c86b4066a49?ver=CBV2.0';

describe('EPCIS: a captured GS1 example found on the EPCIS page and downloaded as JSON-LD', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    const login = await fetch(`${baseUrl()}/api/authtoken/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.local', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const captured = await fetch(`${baseUrl()}/epcis/capture`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/ld+json', Authorization: `Token ${token}` },
      body: readFileSync(EXAMPLE, 'utf8'),
    });
    expect(captured.status).toBe(202);
    const job = await fetch(`${baseUrl()}${captured.headers.get('location')}`, { headers: { Authorization: `Token ${token}` } });
    expect(await job.json()).toMatchObject({ success: true, running: false });
  });

  it('es, 1280 px with the menu open: "Eventos EPCIS" in the menu; the SSCC finds its aggregation; the download holds it', async () => {
    const { page, context } = await openPage(browser(), { viewport: DESKTOP_1280 });
    await page.goto('/dashboard');
    await poll(() => page.getByTestId('side-menu').isVisible()).toBe(true);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Eventos EPCIS' }).click();
    await page.waitForURL('**/epcis');
    await page.getByTestId('epcis-epc').fill(SSCC);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const rows = page.getByTestId('epcis-row');
    await poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(`${SSCC} con 2 EPC`);
    expect(await rows.first().textContent()).toContain('Agregación');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP_1280.width);
    await screenshot(page, 'epcis-search-es');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('epcis-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^epcis-events-\d{4}-\d{2}-\d{2}\.jsonld$/);
    const saved = JSON.parse(readFileSync(String(await download.path()), 'utf8'));
    expect(saved.type).toBe('EPCISQueryDocument');
    expect(saved.epcisBody.queryResults.resultsBody.eventList.map((e: { eventID: string }) => e.eventID)).toEqual([EVENT_ID]);
    await poll(() => page.getByTestId('notifier').textContent()).toBe('Descargado 1 evento.');
    await context.close();
  });

  it('en, 390 px: the same search shows the event as a card, and the page fits the phone', async () => {
    const { page, context } = await openPage(browser(), { viewport: MOBILE, language: 'en' });
    await page.goto('/epcis');
    await page.getByTestId('epcis-epc').fill(SSCC);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const rows = page.getByTestId('epcis-row');
    await poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(`${SSCC} with 2 EPCs`);
    await phoneShot(page, 'epcis-search-en');
    await context.close();
  });
});
