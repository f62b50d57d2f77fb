import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, poll, screenshot, useBrowser } from '../support/browser';
import { type Api, apiAs, createPurchaseOrder, demoWorld, sgtin96 } from '../support/journey-api';
import { demoReader, readBox } from '../support/readers';
import { switchValid, validSwitch } from '../support/verifications';

/**
 * Box verifications in a store: a purchase order for the Madrid store T-MAD-01 whose box the
 * store's entry portal (POR-T01-ENT, working mode 3) reads twelve times. The list pages by 11,
 * newest first; the store's visualizer (role 5) sees it with the valid switch disabled, and the
 * API refuses the switch to that role; an editor (role 3) may use it.
 */

const RUN = Date.now() % 1_000_000;
const ORDER_CODE = `E2E-VER-${RUN}`;
const BOX = `E2E-VER-BOX-${RUN}`;
const READS = 12;

describe('box verifications: paging by 11, newest first, and who may use the valid switch', () => {
  const browser = useBrowser();
  let api: Api;
  let orderId = 0;
  let boxId = 0;
  let verificationIds: number[] = [];

  beforeAll(async () => {
    const world = await demoWorld(1);
    api = world.api;
    const { store, provider } = world;
    const gtin = world.gtins[0] as string;
    ({
      orderId,
      boxIds: [boxId = 0],
    } = await createPurchaseOrder(api, {
      code: ORDER_CODE,
      destinationId: store.id,
      providerId: provider.id,
      boxes: [{ codebar: BOX, contents: [{ gtin, quantity: 1 }] }],
    }));
    // Twelve passes of the same box, a minute apart, the last one the newest.
    const serial = 800_000_000 + RUN * 10;
    const start = Date.now() - READS * 60_000;
    for (let pass = 0; pass < READS; pass += 1) {
      await readBox(demoReader('POR-T01-ENT'), {
        codebar: BOX,
        epcs: [sgtin96(gtin, serial)],
        at: new Date(start + pass * 60_000),
      });
    }
    const all = await api<{ count: number; results: Array<{ id: number }> }>('GET', `/rboxes/${boxId}/verifications/?limit=100`);
    expect(all.json.count).toBe(READS);
    verificationIds = all.json.results.map((row) => row.id);
  });

  it('11 per page, newest first; the second page has the oldest', async () => {
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local' });
    await page.goto(`/order/${orderId}/box/${boxId}/verifications`);
    const rows = page.getByTestId('box-verifications').getByTestId('paged-row');
    await poll(() => rows.count()).toBe(11);
    await poll(() => page.getByTestId('verification-link').first().textContent()).toBe(String(verificationIds[0]));
    expect(await page.getByText(`1–11 de ${READS}`).count()).toBe(1);
    await screenshot(page, 'inbound-verifications-paged-es');
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId('verification-link').textContent()).toBe(String(verificationIds.at(-1)));
    await context.close();
  });

  it('an editor (role 3) may switch a verification off and on', async () => {
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local' });
    await page.goto(`/order/${orderId}/box/${boxId}/verifications`);
    const newest = verificationIds[0] as number;
    const toggle = validSwitch(page, newest);
    await poll(() => toggle.isEnabled()).toBe(true);
    await switchValid(page, toggle, false, `La verificación ${newest} dejará de contar`);
    await poll(() => page.getByText('Verificación marcada como no válida').count()).toBe(1);
    expect((await api<{ valid: boolean }>('GET', `/verifications/${newest}/`)).json.valid).toBe(false);
    await switchValid(page, toggle, true);
    expect((await api<{ valid: boolean }>('GET', `/verifications/${newest}/`)).json.valid).toBe(true);
    await context.close();
  });

  it("the store's visualizer (role 5) sees the verifications, but the switch is disabled and the API refuses it", async () => {
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local', language: 'en' });
    await page.goto(`/order/${orderId}/box/${boxId}/verifications`);
    const rows = page.getByTestId('box-verifications').getByTestId('paged-row');
    await poll(() => rows.count()).toBe(11);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Checked without errors');
    const toggle = validSwitch(page, verificationIds[0]);
    expect(await toggle.isChecked()).toBe(true);
    expect(await toggle.isDisabled()).toBe(true);
    await screenshot(page, 'inbound-verifications-viewer-en');
    const viewer = await apiAs('viewer@demo.local');
    const refused = await viewer('PUT', `/verifications/${verificationIds[0]}/`, { id: verificationIds[0], valid: false });
    expect(refused.status).toBe(403);
    // The report and the items are readable.
    await page.goto(`/order/${orderId}/box/${boxId}/verifications/${verificationIds[0]}/items`);
    await poll(() => page.getByTestId('verification-items').getByTestId('paged-row').count()).toBe(1);
    expect(await page.getByTestId('item-quantity').textContent()).toBe('1');
    // The back arrow climbs to the parent pages: report, then the box's verifications.
    await page.getByTestId('page-back').click();
    await page.waitForURL(`**/order/${orderId}/box/${boxId}/verifications/${verificationIds[0]}`);
    await poll(() => page.getByTestId('verification-report').getByTestId('paged-row').count()).toBe(1);
    await page.getByTestId('page-back').click();
    await page.waitForURL(`**/order/${orderId}/box/${boxId}/verifications`);
    await context.close();
  });

  it('a verification of another location is not found', async () => {
    const { page, context } = await openPage(browser(), { email: 'printer@demo.local' });
    await page.goto(`/order/${orderId}/box/${boxId}/verifications/${verificationIds[0]}`);
    await poll(() => page.getByTestId('verification-error').textContent()).toBe('No encontrado');
    expect(await page.getByTestId('order-header-error').textContent()).toBe('No encontrado');
    await context.close();
  });
});
