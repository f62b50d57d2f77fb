import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRequests, MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { sgtin96, withCheckDigit } from '../support/journey-api';
import { simulate } from '../support/readers';

/** The first demo GTIN (prefix 843 7012, item reference 10000). */
const DEMO_GTIN = withCheckDigit('0843701210000');
const RUN = Date.now() % 100_000;
const EPCS = [sgtin96(DEMO_GTIN, 9_000_000 + RUN), sgtin96(DEMO_GTIN, 9_100_000 + RUN), 'E2801160600002084A7C0001'];
const TRACKED = EPCS[0] as string;

/**
 * The reader simulator (npm run simulate) plays the demo inbound tunnel TUN-MAD-01 (its seed key
 * demo-tun-mad-01) over HTTP: one reading set with these EPCs, each read one to four times. No box
 * barcode, so nothing claims the set and it becomes a free reading set of the Madrid center.
 */
const simulateTunnel = (epcs: string[]): Promise<string> => simulate('TUN-MAD-01', null, epcs);

const track = async (page: Page, epc: string) => {
  await page.getByTestId('epc-input').fill(epc);
  await page.getByTestId('epc-submit').click();
  await page.waitForURL(`**/track-epc/${epc}`);
};

describe('EPC tracking and free scans', () => {
  const browser = useBrowser();
  let firstSet = '';
  let secondSet = '';
  beforeAll(async () => {
    firstSet = await simulateTunnel(EPCS);
    secondSet = await simulateTunnel([TRACKED]);
  });

  it('tracker: empty gives Not found with no call; a tag shows its history; an unknown EPC is Not found', async () => {
    const { page, context } = await openPage(browser());
    const calls = countRequests(page, '/api/epc/');
    await page.goto('/dashboard');
    await page.getByTestId('side-menu').getByText('Rastreo de EPC').click();
    await page.waitForURL('**/track-epc');
    await page.getByTestId('epc-submit').click();
    await poll(() => page.getByTestId('form-alert-error').textContent()).toContain('No encontrado');
    expect(calls()).toBe(0);

    await track(page, TRACKED);
    await poll(() => page.getByTestId('tracked-gtin').textContent()).toBe(DEMO_GTIN);
    // Two sets, each read the tag one to four times (antennas, rounds): one row a set, with its reads.
    const sets = page.getByTestId('epc-reading-sets');
    await poll(() => sets.getByTestId('paged-row').count()).toBe(2);
    const table = (await sets.textContent()) ?? '';
    expect(table).toMatch(/EN STOCK|DESCONOCIDO/);
    expect(table).toContain(secondSet.slice(0, 8));
    expect(table).toContain(firstSet.slice(0, 8));
    const readsOfSets = (await sets.getByTestId('reading-group-reads').allTextContents()).map((text) =>
      Number(/^(\d+) lecturas?/.exec(text)?.[1]),
    );
    expect(readsOfSets.every((n) => n >= 1 && n <= 4)).toBe(true);
    await screenshot(page, 'tracking-tracker-es');
    // Every antenna read, one click away: as many rows as the sets' reads.
    await page.getByTestId('readings-view-reads').click();
    const total = readsOfSets.reduce((sum, n) => sum + n, 0);
    await poll(() => page.getByTestId('epc-readings').getByTestId('paged-row').count()).toBe(Math.min(total, 20));
    await page.getByTestId('readings-view-sets').click();
    await poll(() => sets.getByTestId('paged-row').count()).toBe(2);

    await track(page, 'E2801160600002084A7CFFFF');
    await poll(() => page.getByTestId('form-alert-error').textContent()).toContain('No encontrado');
    expect(await page.getByTestId('tracked-item').count()).toBe(0);
    await context.close();
  });

  it('free scans: the list shows the set, its detail lists every EPC with its GTIN and links to the tracker', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/free-scan');
    const link = page.getByTestId('free-scans').getByRole('link', { name: firstSet.slice(0, 8) });
    await poll(() => link.count()).toBe(1);
    await screenshot(page, 'tracking-free-scans-es');
    await link.click();
    await page.waitForURL(`**/free-scan/${firstSet}/detail`);
    await poll(() => page.getByTestId('free-scan-id').textContent()).toBe(firstSet);
    await poll(() => page.getByTestId('free-scan-epcs').getByTestId('paged-row').count()).toBe(EPCS.length);
    const rows = (await page.getByTestId('free-scan-epcs').textContent()) ?? '';
    for (const epc of EPCS) expect(rows).toContain(epc);
    expect(rows).toContain(DEMO_GTIN);
    expect(rows).toContain('No es un EPC GS1');
    // The report per GTIN: two tags of the demo GTIN, one tag that is not GS1.
    const report = page.getByTestId('free-scan-report').getByTestId('free-scan-report-line');
    await poll(() => report.count()).toBe(2);
    expect(await report.filter({ hasText: DEMO_GTIN }).textContent()).toMatch(/2$/);
    expect(await page.getByTestId('free-scan-epc-count').textContent()).toBe(String(EPCS.length));
    await screenshot(page, 'tracking-free-scan-detail-es');
    await page.getByRole('link', { name: TRACKED }).click();
    await page.waitForURL(`**/track-epc/${TRACKED}`);
    await poll(() => page.getByTestId('tracked-gtin').textContent()).toBe(DEMO_GTIN);
    await context.close();
  });

  it('in English', async () => {
    const { page, context } = await openPage(browser(), { language: 'en' });
    await page.goto(`/track-epc/${TRACKED}`);
    await poll(() => page.getByTestId('tracked-gtin').textContent()).toBe(DEMO_GTIN);
    await poll(() => page.getByTestId('epc-reading-sets').textContent()).toMatch(/STOCKED|UNKNOWN/);
    expect(await page.getByTestId('epc-reading-sets').textContent()).toMatch(/\d+ reads?/);
    expect(await page.getByRole('heading', { name: 'EPC tracker' }).count()).toBe(1);
    await screenshot(page, 'tracking-tracker-en');
    await page.goto(`/free-scan/${firstSet}/detail`);
    await poll(() => page.getByTestId('free-scan-epcs').textContent()).toContain('Not a GS1 EPC');
    await screenshot(page, 'tracking-free-scan-detail-en');
    await context.close();
  });

  it('at 390 px: cards instead of tables, nothing wider than the screen', async () => {
    const { page, context } = await openPage(browser(), { viewport: MOBILE });
    await page.goto(`/track-epc/${TRACKED}`);
    await poll(() => page.getByTestId('epc-reading-sets-cards').getByTestId('paged-card').count()).toBe(2);
    await phoneShot(page, 'tracking-tracker-mobile');
    await page.goto('/free-scan');
    await poll(() => page.getByTestId('free-scans-cards').getByText(firstSet.slice(0, 8)).count()).toBe(1);
    await phoneShot(page, 'tracking-free-scans-mobile');
    await page.goto(`/free-scan/${firstSet}/detail`);
    await poll(() => page.getByTestId('free-scan-epcs-cards').getByTestId('paged-card').count()).toBe(EPCS.length);
    // The per-GTIN report is a separate call: wait for it like the EPC cards.
    await poll(() => page.getByTestId('free-scan-report-cards').getByTestId('free-scan-report-line').count()).toBe(2);
    await phoneShot(page, 'tracking-free-scan-detail-mobile');
    await context.close();
  });

  it("a store viewer does not see the center's free scans", async () => {
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local' });
    await page.goto('/free-scan');
    await poll(() => page.getByTestId('free-scans').textContent()).not.toBe('');
    await poll(() => page.getByTestId('paged-empty').count()).toBe(1);
    expect(await page.getByText(firstSet.slice(0, 8)).count()).toBe(0);
    await page.goto(`/free-scan/${firstSet}/detail`);
    await poll(() => page.getByTestId('free-scan-error').textContent()).toBe('No encontrado');
    await context.close();
  });
});
