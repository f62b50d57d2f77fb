import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, phoneShot, poll, screenshot, tableFits, textInRow, useBrowser } from '../support/browser';
import {
  type Api,
  apiAs,
  boxPlan,
  createMovement,
  createOnlineOrder,
  demoWorld,
  hoursAgo,
  sgtin96,
} from '../support/journey-api';
import { addExitReader, demoReader, macOf, readBox } from '../support/readers';
import { switchValid, validSwitch } from '../support/verifications';

/**
 * Box verifications of online orders and of both sides of a movement, on the shared pages of
 * components/verification.
 *
 * A movement CD-MAD → T-MAD-01 with one box (GTIN A ×2, B ×1) leaves through the center's
 * expedition portal (POR-MAD-EXP, mode 1: all three tags) and arrives through the store's portal
 * (POR-T01-ENT, mode 3: B's tag missing, and a stray tag of GTIN C the box does not expect). An
 * online order at CD-MAD with one box (A ×2) leaves through an online exit reader of mode 6 that
 * the admin adds, which reads one unit too many (A ×3): the capped bar shows 100 and the online
 * reading 0. A second movement's box is read twelve times at the exit to see the list page by 11.
 */

const RUN = Date.now() % 1_000_000;
const MOVEMENT = `MOV-E2E-VER-${RUN}`;
const MOVEMENT_BOX = `MOV-E2E-VER-BOX-${RUN}`;
const PAGED = `MOV-E2E-VERP-${RUN}`;
const PAGED_BOX = `MOV-E2E-VERP-BOX-${RUN}`;
const ONLINE = `ONL-E2E-VER-${RUN}`;
const ONLINE_BOX = `ONL-E2E-VER-BOX-${RUN}`;
const ONLINE_READER = `E2E-ONL-${RUN}`;
const EXIT_PASSES = 12;

const rowsOf = (page: Page, testId: string) => page.getByTestId(testId).getByTestId('paged-row');
const cardsOf = (page: Page, testId: string) => page.getByTestId(`${testId}-cards`).getByTestId('paged-card');

/** The box's verifications list shows exactly one verification, read by `reader`: its row's text, for more checks. */
const onlyVerificationReadBy = async (page: Page, reader: string) => {
  const rows = rowsOf(page, 'box-verifications');
  await poll(() => rows.count()).toBe(1);
  const row = (await rows.first().textContent()) ?? '';
  expect(row).toContain(reader);
  return row;
};

/** Follows the link `link` to the verification report at `path`: it shows `result`, read by `reader`. */
const openReport = async (
  page: Page,
  { link, path, result, reader }: { link: string; path: string; result: string; reader: string },
) => {
  await page.getByTestId(link).click();
  await page.waitForURL(`**${path}`);
  await poll(() => page.getByTestId('verification-result').textContent()).toBe(result);
  expect(await page.getByTestId('verification-reader').textContent()).toBe(reader);
};

describe('outbound box verifications: movement exit and entry, online expedition', () => {
  const browser = useBrowser();
  let api: Api;
  let gtinA = '';
  let gtinB = '';
  let gtinC = '';
  let epcA1 = '';
  let epcA2 = '';
  let epcB1 = '';
  let epcC1 = '';
  let onlineEpcs: string[] = [];
  let movementId = 0;
  let movementBox = 0;
  let pagedId = 0;
  let pagedBox = 0;
  let onlineId = 0;
  let onlineBox = 0;
  let exitVerification = 0;
  let entryVerification = 0;
  let onlineVerification = 0;

  const exitPaths = () => `/movements/exit/order/${movementId}/box/${movementBox}/verifications`;
  const entryPaths = () => `/movements/entry/order/${movementId}/box/${movementBox}/verifications`;
  const onlinePaths = () => `/online/order/${onlineId}/boxes/${onlineBox}/verifications`;

  const firstVerification = async (boxId: number, side: 'origin' | 'destination') => {
    const list = await api<{ count: number; results: Array<{ id: number }> }>(
      'GET',
      `/rboxes/${boxId}/verifications/?side=${side}&limit=100`,
    );
    return list.json;
  };

  beforeAll(async () => {
    const world = await demoWorld(3);
    const { center, store } = world;
    api = world.api;
    [gtinA = '', gtinB = '', gtinC = ''] = world.gtins;
    // Serials far above the simulator's and the other journeys' (38 bits hold up to 2.7 × 10^11).
    const serial = 250_000_000_000 + RUN * 100;
    [epcA1, epcA2, epcB1, epcC1] = [
      sgtin96(gtinA, serial),
      sgtin96(gtinA, serial + 1),
      sgtin96(gtinB, serial + 2),
      sgtin96(gtinC, serial + 3),
    ];
    onlineEpcs = [sgtin96(gtinA, serial + 10), sgtin96(gtinA, serial + 11), sgtin96(gtinA, serial + 12)];

    ({
      orderId: movementId,
      boxIds: [movementBox = 0],
    } = await createMovement(api, {
      code: MOVEMENT,
      originId: center.id,
      destinationId: store.id,
      boxes: [boxPlan(MOVEMENT_BOX, [gtinA, 2], [gtinB, 1])],
    }));
    ({
      orderId: pagedId,
      boxIds: [pagedBox = 0],
    } = await createMovement(api, {
      code: PAGED,
      originId: center.id,
      destinationId: store.id,
      boxes: [boxPlan(PAGED_BOX, [gtinA, 1])],
    }));
    ({
      orderId: onlineId,
      boxIds: [onlineBox = 0],
    } = await createOnlineOrder(api, {
      code: ONLINE,
      originId: center.id,
      boxes: [boxPlan(ONLINE_BOX, [gtinA, 2])],
    }));
    const onlineReader = await addExitReader(api, { serial: ONLINE_READER, mac: macOf(RUN, 0xe0), locationId: center.id });

    const exitPortal = demoReader('POR-MAD-EXP');
    await readBox(exitPortal, { codebar: MOVEMENT_BOX, epcs: [epcA1, epcA2, epcB1], at: hoursAgo(3) });
    await readBox(demoReader('POR-T01-ENT'), { codebar: MOVEMENT_BOX, epcs: [epcA1, epcA2, epcC1], at: hoursAgo(2) });
    await readBox(onlineReader, { codebar: ONLINE_BOX, epcs: onlineEpcs, at: hoursAgo(1) });
    const pagedEpc = sgtin96(gtinA, serial + 20);
    const firstPass = hoursAgo(5).getTime();
    for (let pass = 0; pass < EXIT_PASSES; pass += 1) {
      await readBox(exitPortal, { codebar: PAGED_BOX, epcs: [pagedEpc], at: new Date(firstPass + pass * 60_000) });
    }

    const exit = await firstVerification(movementBox, 'origin');
    const entry = await firstVerification(movementBox, 'destination');
    const online = await firstVerification(onlineBox, 'origin');
    expect([exit.count, entry.count, online.count]).toEqual([1, 1, 1]);
    exitVerification = exit.results[0]?.id ?? 0;
    entryVerification = entry.results[0]?.id ?? 0;
    onlineVerification = online.results[0]?.id ?? 0;
    expect((await firstVerification(pagedBox, 'origin')).count).toBe(EXIT_PASSES);
    // Each side of the movement has its own status: the exit is exact, the entry is not.
    const exitSide = await api<{ origin_status: number; destination_status: number }>('GET', `/morders/${movementId}/?side=exit`);
    expect(exitSide.json).toMatchObject({ origin_status: 3, destination_status: 2 });
  });

  it('es: the exit side lists the expedition portal read, its report per GTIN and its EPCs', async () => {
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local' });
    await page.goto(exitPaths());
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado sin errores');
    expect(await page.getByTestId('order-code').textContent()).toBe(MOVEMENT);
    await poll(() => page.getByTestId('box-barcode').textContent()).toBe(MOVEMENT_BOX);
    expect(await page.getByTestId('box-status').textContent()).toBe('Verificada sin errores');
    expect(await page.getByTestId('verification-kind').textContent()).toBe('Salida de movimiento');
    const row = await onlyVerificationReadBy(page, 'POR-MAD-EXP');
    expect(row).toContain(MOVEMENT_BOX);
    expect(row).not.toContain('POR-T01-ENT');
    expect(await page.getByTestId('verification-items-count').textContent()).toBe('3');
    const toggle = validSwitch(page, exitVerification);
    expect(await toggle.isChecked()).toBe(true);
    await poll(() => toggle.isEnabled()).toBe(true);
    await screenshot(page, 'verification-exit-list-es');

    await openReport(page, {
      link: 'verification-link',
      path: `${exitPaths()}/${exitVerification}`,
      result: 'Correcta',
      reader: 'POR-MAD-EXP',
    });
    expect(await page.getByTestId('verification-real').textContent()).toBe('3');
    expect(await page.getByTestId('verification-expected').textContent()).toBe('3');
    const lines = rowsOf(page, 'verification-report');
    await poll(() => lines.count()).toBe(2);
    const lineA = lines.filter({ hasText: gtinA });
    expect(await lineA.getByTestId('line-expected').textContent()).toBe('2');
    expect(await lineA.getByTestId('line-real').textContent()).toBe('2');
    expect(await lineA.getByTestId('percent-bar').textContent()).toBe('100%');
    expect(await textInRow(lines, gtinB, 'percent-bar')).toBe('100%');
    // The online reading belongs to online orders only.
    expect(await page.getByTestId('line-online-percent').count()).toBe(0);
    await screenshot(page, 'verification-exit-report-es');

    await page.getByTestId('verification-items-link').click();
    await page.waitForURL(`**${exitPaths()}/${exitVerification}/items`);
    const items = rowsOf(page, 'verification-items');
    await poll(() => items.count()).toBe(3);
    expect(await page.getByTestId('item-quantity').allTextContents()).toEqual(['1', '1', '1']);
    await page.getByRole('link', { name: epcB1 }).click();
    await page.waitForURL(`**/track-epc/${epcB1}`);
    await context.close();
  });

  it('es: the entry side shows the store portal read with a tag missing, and Nothing for the stray tag', async () => {
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local' });
    await page.goto(entryPaths());
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado con errores');
    await poll(() => page.getByTestId('box-status').textContent()).toBe('Verificada con errores');
    expect(await page.getByTestId('verification-kind').textContent()).toBe('Entrada de movimiento');
    expect(await onlyVerificationReadBy(page, 'POR-T01-ENT')).not.toContain('POR-MAD-EXP');
    expect(await page.getByTestId('verification-link').textContent()).toBe(String(entryVerification));
    await screenshot(page, 'verification-entry-list-es');

    await openReport(page, {
      link: 'verification-report-link',
      path: `${entryPaths()}/${entryVerification}`,
      result: 'Con diferencias',
      reader: 'POR-T01-ENT',
    });
    expect(await page.getByTestId('verification-matched').textContent()).toBe('2');
    const lines = rowsOf(page, 'verification-report');
    await poll(() => lines.count()).toBe(3);
    const cells = async (gtin: string) => {
      const line = lines.filter({ hasText: gtin });
      return [
        await line.getByTestId('line-expected').textContent(),
        await line.getByTestId('line-real').textContent(),
        await line.getByTestId('percent-bar').textContent(),
      ];
    };
    expect(await cells(gtinA)).toEqual(['2', '2', '100%']);
    expect(await cells(gtinB)).toEqual(['1', '0', '0%']);
    expect(await cells(gtinC)).toEqual(['0', '1', '0%']);
    // The report's columns fit a desktop screen: the table does not scroll sideways.
    await tableFits(page, 'verification-report');
    await screenshot(page, 'verification-entry-report-es');

    await page.getByTestId('verification-items-link').click();
    await page.waitForURL(`**${entryPaths()}/${entryVerification}/items`);
    const items = rowsOf(page, 'verification-items');
    await poll(() => items.count()).toBe(3);
    expect(await textInRow(items, epcC1, 'item-quantity')).toBe('Nada');
    expect(await textInRow(items, epcA1, 'item-quantity')).toBe('1');
    expect(await items.filter({ hasText: epcB1 }).count()).toBe(0);
    await screenshot(page, 'verification-entry-items-es');
    // The back arrow climbs to the report, then to the entry list.
    await page.getByTestId('page-back').click();
    await page.waitForURL(`**${entryPaths()}/${entryVerification}`);
    // The report is on screen before its own back arrow is clicked (the items page's one may still be there).
    await page.getByTestId('verification-report').waitFor();
    await page.getByTestId('page-back').click();
    await page.waitForURL(`**${entryPaths()}`);

    // An entry verification is not one of the exit side's.
    await page.goto(`${exitPaths()}/${entryVerification}`);
    await poll(() => page.getByTestId('verification-error').textContent()).toBe('No encontrado');
    expect(await page.getByTestId('verification-report').count()).toBe(0);
    // Any side but exit and entry is not a page.
    await page.goto(`/movements/sideways/order/${movementId}/box/${movementBox}/verifications`);
    await poll(() => page.getByTestId('not-found').textContent()).toBe('No encontrado');
    await context.close();
  });

  it('es: the exit list pages by 11, newest first', async () => {
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local' });
    await page.goto(`/movements/exit/order/${pagedId}/box/${pagedBox}/verifications`);
    const rows = rowsOf(page, 'box-verifications');
    await poll(() => rows.count()).toBe(11);
    const all = await firstVerification(pagedBox, 'origin');
    await poll(() => page.getByTestId('verification-link').first().textContent()).toBe(String(all.results[0]?.id));
    expect(await page.getByText(`1–11 de ${EXIT_PASSES}`).count()).toBe(1);
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId('verification-link').textContent()).toBe(String(all.results.at(-1)?.id));
    await context.close();
  });

  it('en: the online box keeps both readings: the bar capped at 100 and the online reading at 0', async () => {
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local', language: 'en' });
    await page.goto(`${onlinePaths()}/`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Checked with errors');
    expect(await page.getByTestId('order-code').textContent()).toBe(ONLINE);
    await poll(() => page.getByTestId('box-status').textContent()).toBe('Checked with errors');
    expect(await page.getByTestId('box-counts').textContent()).toBe('3 / 2 items');
    expect(await page.getByTestId('verification-kind').textContent()).toBe('Online expedition');
    expect(await page.getByRole('heading', { name: 'Box verifications' }).count()).toBe(1);
    await onlyVerificationReadBy(page, ONLINE_READER);
    await screenshot(page, 'verification-online-list-en');

    await page.getByTestId('verification-link').click();
    await page.waitForURL(`**${onlinePaths()}/${onlineVerification}`);
    await poll(() => page.getByTestId('verification-result').textContent()).toBe('With differences');
    const line = rowsOf(page, 'verification-report').filter({ hasText: gtinA });
    await poll(() => line.count()).toBe(1);
    expect(await line.getByTestId('line-expected').textContent()).toBe('2');
    expect(await line.getByTestId('line-real').textContent()).toBe('3');
    expect(await line.getByTestId('percent-bar').textContent()).toBe('100%');
    expect(await line.getByTestId('line-online-percent').textContent()).toBe('0%');
    expect(await line.getByText('Online reading:').count()).toBe(1);
    await screenshot(page, 'verification-online-report-en');
    await tableFits(page, 'verification-report');

    await page.getByTestId('verification-items-link').click();
    await page.waitForURL(`**${onlinePaths()}/${onlineVerification}/items`);
    await poll(() => rowsOf(page, 'verification-items').count()).toBe(3);
    expect(await page.getByTestId('item-quantity').allTextContents()).toEqual(['1', '1', '1']);
    await screenshot(page, 'verification-online-items-en');
    await context.close();
  });

  it('es: switching the entry verification off asks first, then the entry side of the box and the order change, and back', async () => {
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local' });
    await page.goto(entryPaths());
    const toggle = validSwitch(page, entryVerification);
    await poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await poll(() => page.getByTestId('confirm-dialog').textContent()).toContain(
      `La verificación ${entryVerification} dejará de contar`,
    );
    await page.getByTestId('confirm-no').click();
    expect(await toggle.isChecked()).toBe(true);
    expect((await api<{ valid: boolean }>('GET', `/verifications/${entryVerification}/`)).json.valid).toBe(true);

    await switchValid(page, toggle, false);
    await poll(() => page.getByText('Verificación marcada como no válida').count()).toBe(1);
    // No valid verification at the entry any more: the box and the order are unchecked at the destination.
    await poll(() => page.getByTestId('box-status').textContent()).toBe('Sin verificar');
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Sin verificar');
    expect(await page.getByTestId('order-boxes').textContent()).toBe('0 / 1');
    const entrySide = await api<{ origin_status: number; destination_status: number }>(
      'GET',
      `/morders/${movementId}/?side=entry`,
    );
    expect(entrySide.json).toMatchObject({ destination_status: 0, origin_status: 3 });
    const box = await api<{ status: number; origin_status: number }>(
      'GET',
      `/morders/${movementId}/boxes/${movementBox}/?side=entry`,
    );
    expect(box.json).toMatchObject({ status: 0, origin_status: 2 });
    await screenshot(page, 'verification-entry-switched-off-es');

    await switchValid(page, toggle, true);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado con errores');
    await poll(() => page.getByTestId('box-status').textContent()).toBe('Verificada con errores');
    expect(await page.getByTestId('order-boxes').textContent()).toBe('1 / 1');
    expect((await api<{ destination_status: number }>('GET', `/morders/${movementId}/?side=entry`)).json.destination_status).toBe(
      2,
    );
    await context.close();
  });

  it('en: switching the online verification off unchecks the online order, and back', async () => {
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local', language: 'en' });
    await page.goto(`${onlinePaths()}/`);
    const toggle = validSwitch(page, onlineVerification);
    await poll(() => toggle.isEnabled()).toBe(true);
    await switchValid(page, toggle, false, `Verification ${onlineVerification} will no longer count`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Unchecked');
    await poll(() => page.getByTestId('box-status').textContent()).toBe('Unchecked');
    expect((await api<{ origin_status: number }>('GET', `/orders/${onlineId}/`)).json.origin_status).toBe(0);
    await switchValid(page, toggle, true);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Checked with errors');
    expect((await api<{ origin_status: number }>('GET', `/orders/${onlineId}/`)).json.origin_status).toBe(2);
    await context.close();
  });

  it('390 px: the lists, reports and items are cards no wider than the phone (es entry, en online)', async () => {
    for (const [language, base, verification] of [
      ['es', entryPaths(), entryVerification],
      ['en', onlinePaths(), onlineVerification],
    ] as const) {
      const { page, context } = await openPage(browser(), { email: 'editor@demo.local', viewport: MOBILE, language });
      const name = language === 'es' ? 'entry' : 'online';
      await page.goto(base);
      await poll(() => cardsOf(page, 'box-verifications').count()).toBe(1);
      await poll(() => page.getByTestId('order-status').count()).toBe(1);
      expect(await page.getByTestId('verification-link').textContent()).toBe(
        language === 'es' ? `Verificación ${verification}` : `Verification ${verification}`,
      );
      await phoneShot(page, `verification-${name}-list-mobile`);
      await page.getByTestId('verification-link').click();
      await page.waitForURL(`**${base}/${verification}`);
      await poll(() => cardsOf(page, 'verification-report').count()).toBeGreaterThanOrEqual(1);
      await poll(() => page.getByTestId('verification-result').count()).toBe(1);
      await phoneShot(page, `verification-${name}-report-mobile`);
      await page.getByTestId('verification-items-link').click();
      await page.waitForURL(`**${base}/${verification}/items`);
      await poll(() => cardsOf(page, 'verification-items').count()).toBe(3);
      await phoneShot(page, `verification-${name}-items-mobile`);
      await context.close();
    }
  });

  it("a store visualizer (role 5) sees the entry side with the switch disabled, the API refuses it, and the center's online order is not found", async () => {
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local' });
    await page.goto(entryPaths());
    const rows = rowsOf(page, 'box-verifications');
    await poll(() => rows.count()).toBe(1);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado con errores');
    const toggle = validSwitch(page, entryVerification);
    expect(await toggle.isChecked()).toBe(true);
    expect(await toggle.isDisabled()).toBe(true);
    await screenshot(page, 'verification-entry-viewer-es');
    const viewer = await apiAs('viewer@demo.local');
    const refused = await viewer('PUT', `/verifications/${entryVerification}/`, { id: entryVerification, valid: false });
    expect(refused.status).toBe(403);
    expect((await api<{ valid: boolean }>('GET', `/verifications/${entryVerification}/`)).json.valid).toBe(true);
    // The report is readable.
    await page.goto(`${entryPaths()}/${entryVerification}`);
    await poll(() => rowsOf(page, 'verification-report').count()).toBe(3);

    // The online order leaves the center, which this visualizer does not see.
    await page.goto(`${onlinePaths()}/`);
    await poll(() => page.getByTestId('order-header-error').textContent()).toBe('No encontrado');
    await poll(() => page.getByTestId('paged-empty').count()).toBe(1);
    expect(await page.getByText(ONLINE_BOX).count()).toBe(0);
    await page.goto(`${onlinePaths()}/${onlineVerification}/items`);
    await poll(() => page.getByTestId('verification-error').textContent()).toBe('No encontrado');
    expect(await page.getByTestId('verification-items').count()).toBe(0);
    expect((await viewer('GET', `/verifications/${onlineVerification}/`)).status).toBe(404);
    expect((await viewer('GET', `/rboxes/${onlineBox}/verifications/?side=origin`)).status).toBe(404);
    await context.close();
  });
});
